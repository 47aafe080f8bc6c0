package dev.isola.appserver.deploy;

import dev.isola.appserver.ejb.BeanDefinition;
import dev.isola.appserver.ejb.BeanInvoker;
import dev.isola.appserver.ejb.MethodSignature;
import dev.isola.appserver.ejb.RemoteEjbApplication;
import dev.isola.appserver.ejb.RemoteEjbContainer;
import dev.isola.appserver.ejb.ViewReference;
import dev.isola.appserver.naming.Namespace;
import jakarta.ejb.EJBException;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.IndexView;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The deployment steps of a web isolate of a separated domain for an application's EJB
 * modules, whose beans run in the domain's EJB isolate; and what may travel between the
 * isolates in the application's calls.
 */
final class RemoteBeans {

    private RemoteBeans() {
    }

    /**
     * Binds the session beans' portable names to proxies that call the EJB isolate, after
     * checking that it runs the application.
     *
     * @throws DeploymentException naming the domain and the reason if the EJB isolate cannot be reached or does not run the application
     */
    static RemoteEjbApplication bind(RemoteEjbContainer container, String app, boolean standalone, ClassLoader loader, Set<String> valueClasses,
                                     Map<ModuleInfo, List<BeanDefinition>> beans, Namespace global, Namespace appNs,
                                     Map<ModuleInfo, Namespace> moduleNs, UndoLog undo) {
        Map<String, String> moduleOfBean = new LinkedHashMap<>();
        beans.forEach((m, list) -> list.forEach(b -> moduleOfBean.put(b.name(), m.name())));
        BeanInvoker remote;
        if (moduleOfBean.isEmpty()) {
            remote = new NoBeans(app);
        } else {
            try {
                remote = container.open(app, loader, valueClasses, moduleOfBean);
            } catch (EJBException | IllegalStateException e) {
                throw DeploymentException.of(app, "its enterprise beans cannot be reached: " + e.getMessage());
            }
            undo.push("closing the way to the EJB isolate", () -> container.close(app));
        }
        RemoteEjbApplication remoteApp = new RemoteEjbApplication(app, standalone, remote);
        beans.forEach((m, list) -> remoteApp.addModule(list, global, appNs, moduleNs.get(m), new DeploymentException.Location(app, m.uri(), null, null)));
        return remoteApp;
    }

    /**
     * The application's classes (libraries, and the modules that package beans: EJB modules and such web modules) as
     * allow-list patterns: one {@code package.*} per package, the class name for classes in the unnamed package.
     */
    static Set<String> valueClasses(ApplicationLayout layout, List<IndexView> libIndexes, List<ModuleInfo> beanModules) {
        Set<String> patterns = new TreeSet<>();
        List<IndexView> indexes = new ArrayList<>(libIndexes);
        beanModules.forEach(m -> indexes.add(layout.index(m)));
        for (IndexView index : indexes) {
            for (ClassInfo c : index.getKnownClasses()) {
                String name = c.name().toString();
                int dot = name.lastIndexOf('.');
                patterns.add(dot < 0 ? name : name.substring(0, dot) + ".*");
            }
        }
        return patterns;
    }

    /** The invoker of an application without session beans: nothing can call it. */
    private record NoBeans(String application) implements BeanInvoker {
        @Override
        public Object invoke(ViewReference target, Method method, Object[] args) {
            throw new EJBException("application " + application + " has no session beans");
        }

        @Override
        public Object invoke(ViewReference target, MethodSignature signature, Object[] args) {
            throw new EJBException("application " + application + " has no session beans");
        }

        @Override
        public ViewReference reference(String bean, String viewType) {
            throw new EJBException("application " + application + " has no session beans");
        }
    }
}
