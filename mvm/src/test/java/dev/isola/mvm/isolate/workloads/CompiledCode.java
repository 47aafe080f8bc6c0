package dev.isola.mvm.isolate.workloads;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;

/** What the JIT has compiled in this JVM, from its own {@code Compiler.codelist} diagnostic command. */
final class CompiledCode {

    private CompiledCode() {
    }

    /**
     * Whether {@code method} (as the code list names it) has code at {@code level} that is in use:
     * each line reads {@code <compile id> <level> <state> <method> [...]}, state 0 meaning in use.
     */
    static boolean inUse(String method, int level) {
        for (String line : codeList().split("\n")) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length >= 4 && fields[3].equals(method) && fields[1].equals(Integer.toString(level)) && fields[2].equals("0")) {
                return true;
            }
        }
        return false;
    }

    private static String codeList() {
        try {
            return (String) ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "compilerCodelist", new Object[0], new String[0]);
        } catch (JMException e) {
            throw new IllegalStateException("cannot read the code list", e);
        }
    }
}
