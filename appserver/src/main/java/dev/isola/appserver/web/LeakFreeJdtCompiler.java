package dev.isola.appserver.web;

import org.apache.jasper.compiler.JDTCompiler;

/**
 * Jasper's compiler of JSPs (the Eclipse compiler), made unable to pin the first application to
 * compile a JSP: before its first use it initialises, on a thread of its own, the compiler's
 * classes that keep an exception created in their static initialisers. Each web module's JSP
 * servlet gets it as its {@code compilerClassName} ({@link WebServer#deploy}).
 *
 * <p>Why: an exception records the classes of the frames on the stack where it was created. The
 * compiler's {@code ReferenceBinding} creates one in its static initialiser and keeps it in a
 * static field, so when the first JSP compilation of a process runs under a servlet of an
 * application (one that forwards to a JSP, as the Pet Store's do), that servlet's class, and with
 * it the application's class loaders and every class they loaded, stay reachable for the life of
 * the process: after the application is undeployed, and in a domain started from a spare, whose
 * warm-up compiled the Pet Store's JSPs. A thread started here has only its own frames. It is done
 * lazily because the compiler's classes come from a signed jar, which the image's AOT cache cannot
 * hold: most domains restore their JSPs compiled ({@link JspCache}) and never load them.
 */
public final class LeakFreeJdtCompiler extends JDTCompiler {

    /** Classes of the compiler whose static initialisers keep an exception created there. */
    static final String[] CLASSES_KEEPING_AN_EXCEPTION = {"org.eclipse.jdt.internal.compiler.lookup.ReferenceBinding"};

    private static final Object LOCK = new Object();
    private static boolean initialised;

    public LeakFreeJdtCompiler() {
        synchronized (LOCK) {
            if (!initialised) {
                initialiseOnAThreadOfItsOwn();
                initialised = true;
            }
        }
    }

    /**
     * Not in a static initialiser: the thread runs code of this class, which would wait for the
     * initialisation that is waiting for the thread.
     */
    private static void initialiseOnAThreadOfItsOwn() {
        Thread initialising = Thread.ofPlatform().name("jsp-compiler-init").start(() -> {
            for (String name : CLASSES_KEEPING_AN_EXCEPTION) {
                try {
                    Class.forName(name, true, LeakFreeJdtCompiler.class.getClassLoader());
                } catch (ClassNotFoundException e) {
                    // Another version of the compiler without it: nothing to keep out of the way.
                }
            }
        });
        try {
            initialising.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
