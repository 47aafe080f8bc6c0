package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.AnnotationIndex;
import dev.isola.appserver.deploy.DeploymentException;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Local;
import jakarta.ejb.LocalBean;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.Remote;
import jakarta.ejb.Startup;
import jakarta.ejb.Stateful;
import jakarta.ejb.StatefulTimeout;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;

import java.io.Externalizable;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the enterprise beans of an EJB module: classes annotated {@code @Stateless},
 * {@code @Stateful}, {@code @Singleton} or {@code @MessageDriven} (found in the module's
 * Jandex index) and {@code <session>} and {@code <message-driven>} elements of
 * {@code ejb-jar.xml}, merged with the descriptor winning. Bean classes are loaded (through the
 * application's loader) to read method-level metadata.
 */
public final class EjbModuleScanner {

    private EjbModuleScanner() {
    }

    public static List<BeanDefinition> scan(String module, IndexView index, ClassLoader loader, EjbJarXml xml, EjbSettings settings,
                                            DeploymentException.Location where) {
        Map<String, String[]> found = new LinkedHashMap<>();
        for (DotName annotation : AnnotationIndex.COMPONENT_DEFINING) {
            for (AnnotationInstance ai : index.getAnnotations(annotation)) {
                if (ai.target().kind() != org.jboss.jandex.AnnotationTarget.Kind.CLASS) {
                    continue;
                }
                String className = ai.target().asClass().name().toString();
                AnnotationValue nameValue = ai.value("name");
                String name = nameValue == null || nameValue.asString().isEmpty() ? ai.target().asClass().name().withoutPackagePrefix() : nameValue.asString();
                String[] previous = found.put(name, new String[] {className, annotation.withoutPackagePrefix()});
                if (previous != null) {
                    throw where.inClass(className).error("bean name '" + name + "' is also used by " + previous[0]);
                }
            }
        }
        for (EjbJarXml.Session s : xml.sessions().values()) {
            String[] annotated = found.get(s.ejbName());
            String className = s.ejbClass().orElse(annotated == null ? null : annotated[0]);
            String type = s.sessionType().orElse(annotated == null ? null : annotated[1]);
            if (className == null || type == null) {
                throw where.error("ejb-jar.xml: session " + s.ejbName() + " needs <ejb-class> and <session-type> (no annotated class has that name)");
            }
            found.put(s.ejbName(), new String[] {className, type});
        }
        for (EjbJarXml.MessageDriven m : xml.messageDriven().values()) {
            String[] annotated = found.get(m.ejbName());
            if (annotated != null && !annotated[1].equals(MESSAGE_DRIVEN)) {
                throw where.inClass(annotated[0]).error("ejb-jar.xml declares " + m.ejbName() + " as <message-driven>, but the class is a " + annotated[1] + " bean");
            }
            String className = m.ejbClass().orElse(annotated == null ? null : annotated[0]);
            if (className == null) {
                throw where.error("ejb-jar.xml: message-driven bean " + m.ejbName() + " needs <ejb-class> (no annotated class has that name)");
            }
            found.put(m.ejbName(), new String[] {className, MESSAGE_DRIVEN});
        }
        List<BeanDefinition> beans = new ArrayList<>();
        for (Map.Entry<String, String[]> e : found.entrySet()) {
            beans.add(define(e.getKey(), e.getValue()[0], e.getValue()[1], module, loader, xml, settings, where.inClass(e.getValue()[0])));
        }
        return beans;
    }

    private static final String MESSAGE_DRIVEN = "MessageDriven";

    private static BeanDefinition define(String name, String className, String type, String module, ClassLoader loader, EjbJarXml xml,
                                         EjbSettings settings, DeploymentException.Location at) {
        Class<?> beanClass;
        try {
            beanClass = Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw at.error("cannot load the bean class: " + e, e);
        }
        int mod = beanClass.getModifiers();
        if (!Modifier.isPublic(mod) || Modifier.isAbstract(mod) || Modifier.isFinal(mod) || beanClass.isInterface()) {
            throw at.error("a bean class must be public, concrete and not final");
        }
        try {
            beanClass.getConstructor();
        } catch (NoSuchMethodException e) {
            throw at.error("a bean class needs a public constructor without parameters");
        }
        EjbJarXml.Session session = xml.sessions().get(name);
        if (type.equals(MESSAGE_DRIVEN)) {
            return messageDriven(name, beanClass, module, loader, xml, settings, at);
        }
        BeanKind kind = switch (type) {
            case "Stateless" -> new BeanKind.Stateless();
            case "Stateful" -> {
                StatefulTimeout t = beanClass.getAnnotation(StatefulTimeout.class);
                Stateful s = beanClass.getAnnotation(Stateful.class);
                Duration timeout = t == null || t.value() < 0 ? null : Duration.of(t.value(), t.unit().toChronoUnit());
                yield new BeanKind.Stateful(timeout, s == null || s.passivationCapable());
            }
            case "Singleton" -> {
                DependsOn d = beanClass.getAnnotation(DependsOn.class);
                ConcurrencyManagement c = beanClass.getAnnotation(ConcurrencyManagement.class);
                yield new BeanKind.Singleton(beanClass.isAnnotationPresent(Startup.class), d == null ? List.of() : Arrays.asList(d.value()),
                        c == null ? ConcurrencyManagementType.CONTAINER : c.value());
            }
            default -> throw at.error("unknown session type '" + type + "' (expected Stateless, Stateful or Singleton)");
        };
        TransactionManagement tm = beanClass.getAnnotation(TransactionManagement.class);
        TransactionManagementType txType = tm == null ? TransactionManagementType.CONTAINER : tm.value();
        if (session != null && session.transactionType().isPresent()) {
            txType = session.transactionType().get().equalsIgnoreCase("Bean") ? TransactionManagementType.BEAN : TransactionManagementType.CONTAINER;
        }
        return new BeanDefinition(name, module, beanClass, kind, views(beanClass, session, loader, at), txType, xml);
    }

    /**
     * A message-driven bean: its listener interface (only {@code jakarta.jms.MessageListener}:
     * this server has no resource adapters), its {@code onMessage} method and its activation
     * configuration, the descriptor's properties replacing the annotation's.
     */
    private static BeanDefinition messageDriven(String name, Class<?> beanClass, String module, ClassLoader loader, EjbJarXml xml,
                                                EjbSettings settings, DeploymentException.Location at) {
        MessageDriven annotation = beanClass.getAnnotation(MessageDriven.class);
        EjbJarXml.MessageDriven descriptor = xml.messageDriven().get(name);
        String listenerType = descriptor != null && descriptor.messagingType().isPresent() ? descriptor.messagingType().get()
                : annotation != null && annotation.messageListenerInterface() != Object.class ? annotation.messageListenerInterface().getName()
                : singleListenerInterface(beanClass, at);
        if (!listenerType.equals(MessageListener.class.getName())) {
            throw at.error("message-driven bean " + name + " has message listener interface " + listenerType
                    + "; this server delivers JMS messages only, so it must be jakarta.jms.MessageListener");
        }
        Method onMessage;
        try {
            onMessage = beanClass.getMethod("onMessage", Message.class);
        } catch (NoSuchMethodException e) {
            throw at.error("message-driven bean " + name + " has no public method onMessage(jakarta.jms.Message)");
        }
        Map<String, String> properties = new LinkedHashMap<>();
        if (annotation != null) {
            for (ActivationConfigProperty p : annotation.activationConfig()) {
                properties.put(p.propertyName(), p.propertyValue());
            }
        }
        String mappedName = annotation == null ? "" : annotation.mappedName();
        TransactionManagement tm = beanClass.getAnnotation(TransactionManagement.class);
        TransactionManagementType txType = tm == null ? TransactionManagementType.CONTAINER : tm.value();
        if (descriptor != null) {
            properties.putAll(descriptor.activationConfig());
            mappedName = descriptor.mappedName().orElse(mappedName);
            if (descriptor.transactionType().isPresent()) {
                txType = descriptor.transactionType().get().equalsIgnoreCase("Bean") ? TransactionManagementType.BEAN : TransactionManagementType.CONTAINER;
            }
        }
        ActivationConfig activation = ActivationConfig.parse(name, properties, mappedName, settings.messageDrivenSessions(), at);
        return new BeanDefinition(name, module, beanClass, new BeanKind.MessageDriven(activation, onMessage), List.of(), txType, xml);
    }

    private static String singleListenerInterface(Class<?> beanClass, DeploymentException.Location at) {
        List<Class<?>> candidates = Arrays.stream(beanClass.getInterfaces())
                .filter(i -> i != Serializable.class && i != Externalizable.class && !i.getName().startsWith("jakarta.ejb.")).toList();
        if (candidates.size() != 1) {
            throw at.error("a message-driven bean must implement exactly one message listener interface (jakarta.jms.MessageListener)"
                    + " or name it with messageListenerInterface; this one implements " + candidates.stream().map(Class::getName).toList());
        }
        return candidates.getFirst().getName();
    }

    /** The business views by the rules of Enterprise Beans 4.0, section 4.9.8. */
    private static List<View> views(Class<?> beanClass, EjbJarXml.Session session, ClassLoader loader, DeploymentException.Location at) {
        List<Class<?>> implemented = Arrays.stream(beanClass.getInterfaces())
                .filter(i -> i != Serializable.class && i != Externalizable.class && !i.getName().startsWith("jakarta.ejb.")).toList();
        Set<Class<?>> local = new LinkedHashSet<>();
        Set<Class<?>> remote = new LinkedHashSet<>();
        Local localAnn = beanClass.getAnnotation(Local.class);
        if (localAnn != null) {
            local.addAll(localAnn.value().length == 0 ? implemented : List.<Class<?>>of(localAnn.value()));
        }
        Remote remoteAnn = beanClass.getAnnotation(Remote.class);
        if (remoteAnn != null) {
            remote.addAll(remoteAnn.value().length == 0 ? implemented : List.<Class<?>>of(remoteAnn.value()));
        }
        for (Class<?> i : implemented) {
            if (i.isAnnotationPresent(Local.class)) {
                local.add(i);
            }
            if (i.isAnnotationPresent(Remote.class)) {
                remote.add(i);
            }
        }
        boolean noInterface = beanClass.isAnnotationPresent(LocalBean.class);
        if (session != null) {
            for (String n : session.businessLocal()) {
                local.add(load(n, loader, at));
            }
            for (String n : session.businessRemote()) {
                remote.add(load(n, loader, at));
            }
            noInterface |= session.localBean();
        }
        if (local.isEmpty() && remote.isEmpty() && !noInterface) {
            if (implemented.isEmpty()) {
                noInterface = true;
            } else {
                local.addAll(implemented);
            }
        }
        for (Class<?> c : local) {
            if (remote.contains(c)) {
                throw at.error("interface " + c.getName() + " is declared both @Local and @Remote");
            }
        }
        List<View> views = new ArrayList<>();
        if (noInterface) {
            views.add(new View(View.Kind.NO_INTERFACE, beanClass));
        }
        local.forEach(c -> views.add(new View(View.Kind.LOCAL, requireInterface(c, at))));
        remote.forEach(c -> views.add(new View(View.Kind.REMOTE, requireInterface(c, at))));
        return views;
    }

    private static Class<?> requireInterface(Class<?> c, DeploymentException.Location at) {
        if (!c.isInterface()) {
            throw at.error("business view " + c.getName() + " is not an interface");
        }
        return c;
    }

    private static Class<?> load(String name, ClassLoader loader, DeploymentException.Location at) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw at.error("ejb-jar.xml names business interface " + name + ", which cannot be loaded");
        }
    }
}
