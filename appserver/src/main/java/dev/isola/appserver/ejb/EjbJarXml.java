package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.deploy.DescribedReference;
import dev.isola.appserver.deploy.Xml;
import jakarta.ejb.TransactionAttributeType;
import org.w3c.dom.Element;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The parts of {@code META-INF/ejb-jar.xml} this container applies. Where the descriptor and
 * an annotation disagree, the descriptor wins (Enterprise Beans specification, section 2.5
 * and the "overriding" rules of each annotation): a bean's transaction attributes, its
 * session type, its interceptors, its method permissions and run-as role.
 */
public record EjbJarXml(Map<String, Session> sessions, Map<String, MessageDriven> messageDriven, List<ContainerTransaction> containerTransactions,
                        Map<String, Boolean> applicationExceptions, List<InterceptorBinding> interceptorBindings,
                        List<MethodPermissionEntry> methodPermissions, Map<String, String> runAsRoles) {

    /** An {@code <session>} element; absent optional elements mean "as the annotations say". */
    public record Session(String ejbName, Optional<String> ejbClass, Optional<String> sessionType, List<String> businessLocal,
                          List<String> businessRemote, boolean localBean, Optional<String> transactionType, List<EnvEntry> envEntries,
                          List<DescribedReference> references) { }

    /**
     * A {@code <container-transaction>} method: {@code methodName} "*" means every method of
     * the bean; {@code parameters} present means that overload only.
     */
    public record ContainerTransaction(String ejbName, String methodName, Optional<List<String>> parameters, TransactionAttributeType attribute) { }

    /**
     * A {@code <message-driven>} element; absent optional elements mean "as the annotations
     * say", and each {@code <activation-config-property>} replaces the annotation's property of
     * the same name.
     */
    public record MessageDriven(String ejbName, Optional<String> ejbClass, Optional<String> messagingType, Optional<String> transactionType,
                                Optional<String> mappedName, Map<String, String> activationConfig, List<EnvEntry> envEntries,
                                List<DescribedReference> references) { }

    /**
     * A method of a {@code <method-permission>} ({@code roles} present: those roles; empty:
     * {@code <unchecked/>}) or of the {@code <exclude-list>} ({@code excluded}).
     */
    public record MethodPermissionEntry(String ejbName, String methodName, Optional<List<String>> parameters, Optional<java.util.Set<String>> roles,
                                        boolean excluded) {

        boolean names(java.lang.reflect.Method method) {
            return (methodName.equals("*") || methodName.equals(method.getName()))
                    && parameters.map(p -> p.equals(java.util.Arrays.stream(method.getParameterTypes()).map(Class::getTypeName).toList())).orElse(true);
        }
    }

    /** An {@code <env-entry>} with a value. */
    public record EnvEntry(String name, String type, String value) { }

    /** An {@code <interceptor-binding>}: {@code ejbName} "*" binds default interceptors. */
    public record InterceptorBinding(String ejbName, List<String> interceptorClasses, Optional<String> methodName) { }

    public static EjbJarXml empty() {
        return new EjbJarXml(Map.of(), Map.of(), List.of(), Map.of(), List.of(), List.of(), Map.of());
    }

    /** The descriptor of an EJB module: its {@code META-INF/ejb-jar.xml}, or none. */
    public static EjbJarXml read(Path moduleDirectory, DeploymentException.Location where) {
        return readFile(moduleDirectory.resolve("META-INF/ejb-jar.xml"), where);
    }

    /** The descriptor of the enterprise beans a web module packages: its {@code WEB-INF/ejb-jar.xml}, or none. */
    public static EjbJarXml readOfWebModule(Path moduleDirectory, DeploymentException.Location where) {
        return readFile(moduleDirectory.resolve("WEB-INF/ejb-jar.xml"), where);
    }

    private static EjbJarXml readFile(Path file, DeploymentException.Location where) {
        if (!Files.isRegularFile(file)) {
            return empty();
        }
        Element root = Xml.parse(file, where);
        Map<String, Session> sessions = new LinkedHashMap<>();
        Map<String, MessageDriven> messageDriven = new LinkedHashMap<>();
        Map<String, String> runAs = new LinkedHashMap<>();
        Xml.child(root, "enterprise-beans").ifPresent(beans -> {
            List<Element> allBeans = new ArrayList<>(Xml.children(beans, "session"));
            allBeans.addAll(Xml.children(beans, "message-driven"));
            for (Element bean : allBeans) {
                Xml.child(bean, "security-identity").flatMap(identity -> Xml.child(identity, "run-as")).ifPresent(r -> runAs.put(
                        Xml.text(bean, "ejb-name").orElse(""),
                        Xml.text(r, "role-name").orElseThrow(() -> where.error("ejb-jar.xml: a <run-as> has no <role-name>"))));
            }
            for (Element s : Xml.children(beans, "session")) {
                String name = Xml.text(s, "ejb-name").orElseThrow(() -> where.error("ejb-jar.xml: a <session> has no <ejb-name>"));
                sessions.put(name, new Session(name, Xml.text(s, "ejb-class"), Xml.text(s, "session-type"),
                        Xml.children(s, "business-local").stream().map(e -> e.getTextContent().trim()).toList(),
                        Xml.children(s, "business-remote").stream().map(e -> e.getTextContent().trim()).toList(),
                        Xml.child(s, "local-bean").isPresent(), Xml.text(s, "transaction-type"), envEntries(s, name, where),
                        DescribedReference.read(s, "META-INF/ejb-jar.xml, bean " + name, where)));
            }
            for (Element m : Xml.children(beans, "message-driven")) {
                String name = Xml.text(m, "ejb-name").orElseThrow(() -> where.error("ejb-jar.xml: a <message-driven> has no <ejb-name>"));
                Map<String, String> activation = new LinkedHashMap<>();
                Xml.child(m, "activation-config").ifPresent(config -> {
                    for (Element p : Xml.children(config, "activation-config-property")) {
                        String property = Xml.text(p, "activation-config-property-name").orElseThrow(() -> where.error("ejb-jar.xml: message-driven bean "
                                + name + ": an <activation-config-property> has no <activation-config-property-name>"));
                        activation.put(property, Xml.text(p, "activation-config-property-value").orElse(""));
                    }
                });
                messageDriven.put(name, new MessageDriven(name, Xml.text(m, "ejb-class"), Xml.text(m, "messaging-type"),
                        Xml.text(m, "transaction-type"), Xml.text(m, "mapped-name"), Map.copyOf(activation), envEntries(m, name, where),
                        DescribedReference.read(m, "META-INF/ejb-jar.xml, bean " + name, where)));
            }
        });
        List<ContainerTransaction> transactions = new ArrayList<>();
        Map<String, Boolean> appExceptions = new LinkedHashMap<>();
        List<InterceptorBinding> bindings = new ArrayList<>();
        List<MethodPermissionEntry> permissions = new ArrayList<>();
        Xml.child(root, "assembly-descriptor").ifPresent(assembly -> {
            for (Element mp : Xml.children(assembly, "method-permission")) {
                List<String> roles = Xml.children(mp, "role-name").stream().map(e -> e.getTextContent().trim()).toList();
                boolean unchecked = Xml.child(mp, "unchecked").isPresent();
                if (unchecked == !roles.isEmpty()) {
                    throw where.error("ejb-jar.xml: a <method-permission> has either <role-name>s or <unchecked/>, "
                            + (unchecked ? "not both" : "and this one has neither"));
                }
                for (Element m : Xml.children(mp, "method")) {
                    permissions.add(permissionEntry(m, unchecked ? Optional.empty() : Optional.of(java.util.Set.copyOf(roles)), false, where));
                }
            }
            Xml.child(assembly, "exclude-list").ifPresent(excludes -> {
                for (Element m : Xml.children(excludes, "method")) {
                    permissions.add(permissionEntry(m, Optional.empty(), true, where));
                }
            });
            for (Element ct : Xml.children(assembly, "container-transaction")) {
                String attr = Xml.text(ct, "trans-attribute").orElseThrow(() -> where.error("ejb-jar.xml: a <container-transaction> has no <trans-attribute>"));
                TransactionAttributeType type = transactionAttribute(attr, where);
                for (Element m : Xml.children(ct, "method")) {
                    String ejbName = Xml.text(m, "ejb-name").orElseThrow(() -> where.error("ejb-jar.xml: a <container-transaction> <method> has no <ejb-name>"));
                    String methodName = Xml.text(m, "method-name").orElse("*");
                    Optional<List<String>> params = Xml.child(m, "method-params")
                            .map(p -> Xml.children(p, "method-param").stream().map(e -> e.getTextContent().trim()).toList());
                    transactions.add(new ContainerTransaction(ejbName, methodName, params, type));
                }
            }
            for (Element ae : Xml.children(assembly, "application-exception")) {
                String cls = Xml.text(ae, "exception-class").orElseThrow(() -> where.error("ejb-jar.xml: an <application-exception> has no <exception-class>"));
                appExceptions.put(cls, Xml.text(ae, "rollback").map(Boolean::parseBoolean).orElse(false));
            }
            for (Element ib : Xml.children(assembly, "interceptor-binding")) {
                bindings.add(new InterceptorBinding(Xml.text(ib, "ejb-name").orElse("*"),
                        Xml.children(ib, "interceptor-class").stream().map(e -> e.getTextContent().trim()).toList(),
                        Xml.child(ib, "method").flatMap(m -> Xml.text(m, "method-name"))));
            }
        });
        return new EjbJarXml(Map.copyOf(sessions), Map.copyOf(messageDriven), List.copyOf(transactions), Map.copyOf(appExceptions),
                List.copyOf(bindings), List.copyOf(permissions), Map.copyOf(runAs));
    }

    private static MethodPermissionEntry permissionEntry(Element method, Optional<java.util.Set<String>> roles, boolean excluded,
                                                         DeploymentException.Location where) {
        String ejbName = Xml.text(method, "ejb-name").orElseThrow(() -> where.error("ejb-jar.xml: a <method> of "
                + (excluded ? "the <exclude-list>" : "a <method-permission>") + " has no <ejb-name>"));
        Optional<List<String>> params = Xml.child(method, "method-params")
                .map(p -> Xml.children(p, "method-param").stream().map(e -> e.getTextContent().trim()).toList());
        return new MethodPermissionEntry(ejbName, Xml.text(method, "method-name").orElse("*"), params, roles, excluded);
    }

    /** The descriptor's method permissions and exclusions for {@code ejbName}. */
    public List<MethodPermissionEntry> methodPermissionsOf(String ejbName) {
        return methodPermissions.stream().filter(p -> p.ejbName().equals(ejbName)).toList();
    }

    private static List<EnvEntry> envEntries(Element bean, String name, DeploymentException.Location where) {
        List<EnvEntry> env = new ArrayList<>();
        for (Element e : Xml.children(bean, "env-entry")) {
            Optional<String> value = Xml.text(e, "env-entry-value");
            if (value.isPresent()) {
                env.add(new EnvEntry(Xml.text(e, "env-entry-name").orElseThrow(() -> where.error("ejb-jar.xml: bean " + name + ": an <env-entry> has no <env-entry-name>")),
                        Xml.text(e, "env-entry-type").orElse("java.lang.String"), value.get()));
            }
        }
        return List.copyOf(env);
    }

    /** The environment entries the descriptor gives bean {@code ejbName} (session or message-driven). */
    public List<EnvEntry> envEntriesOf(String ejbName) {
        Session s = sessions.get(ejbName);
        if (s != null) {
            return s.envEntries();
        }
        MessageDriven m = messageDriven.get(ejbName);
        return m != null ? m.envEntries() : List.of();
    }

    /** The references ({@code <ejb-ref>}, {@code <resource-ref>}, {@code <persistence-context-ref>}...) the descriptor gives bean {@code ejbName}. */
    public List<DescribedReference> referencesOf(String ejbName) {
        Session s = sessions.get(ejbName);
        if (s != null) {
            return s.references();
        }
        MessageDriven m = messageDriven.get(ejbName);
        return m != null ? m.references() : List.of();
    }

    private static TransactionAttributeType transactionAttribute(String value, DeploymentException.Location where) {
        String normalized = value.trim().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
        try {
            return TransactionAttributeType.valueOf(normalized);
        } catch (IllegalArgumentException e) {
            throw where.error("ejb-jar.xml: unknown <trans-attribute> '" + value + "' (expected NotSupported, Supports, Required, RequiresNew, Mandatory or Never)");
        }
    }

    /** The descriptor's container transactions for {@code ejbName}. */
    public List<ContainerTransaction> transactionsOf(String ejbName) {
        return containerTransactions.stream().filter(ct -> ct.ejbName().equals(ejbName)).toList();
    }
}
