package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
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
 * session type, its interceptors.
 */
public record EjbJarXml(Map<String, Session> sessions, List<ContainerTransaction> containerTransactions,
                        Map<String, Boolean> applicationExceptions, List<InterceptorBinding> interceptorBindings) {

    /** An {@code <session>} element; absent optional elements mean "as the annotations say". */
    public record Session(String ejbName, Optional<String> ejbClass, Optional<String> sessionType, List<String> businessLocal,
                          List<String> businessRemote, boolean localBean, Optional<String> transactionType, List<EnvEntry> envEntries) { }

    /**
     * A {@code <container-transaction>} method: {@code methodName} "*" means every method of
     * the bean; {@code parameters} present means that overload only.
     */
    public record ContainerTransaction(String ejbName, String methodName, Optional<List<String>> parameters, TransactionAttributeType attribute) { }

    /** An {@code <env-entry>} with a value. */
    public record EnvEntry(String name, String type, String value) { }

    /** An {@code <interceptor-binding>}: {@code ejbName} "*" binds default interceptors. */
    public record InterceptorBinding(String ejbName, List<String> interceptorClasses, Optional<String> methodName) { }

    public static EjbJarXml empty() {
        return new EjbJarXml(Map.of(), List.of(), Map.of(), List.of());
    }

    public static EjbJarXml read(Path moduleDirectory, DeploymentException.Location where) {
        Path file = moduleDirectory.resolve("META-INF/ejb-jar.xml");
        if (!Files.isRegularFile(file)) {
            return empty();
        }
        Element root = Xml.parse(file, where);
        Map<String, Session> sessions = new LinkedHashMap<>();
        Xml.child(root, "enterprise-beans").ifPresent(beans -> {
            for (Element s : Xml.children(beans, "session")) {
                String name = Xml.text(s, "ejb-name").orElseThrow(() -> where.error("ejb-jar.xml: a <session> has no <ejb-name>"));
                List<EnvEntry> env = new ArrayList<>();
                for (Element e : Xml.children(s, "env-entry")) {
                    Optional<String> value = Xml.text(e, "env-entry-value");
                    if (value.isPresent()) {
                        env.add(new EnvEntry(Xml.text(e, "env-entry-name").orElseThrow(() -> where.error("ejb-jar.xml: bean " + name + ": an <env-entry> has no <env-entry-name>")),
                                Xml.text(e, "env-entry-type").orElse("java.lang.String"), value.get()));
                    }
                }
                sessions.put(name, new Session(name, Xml.text(s, "ejb-class"), Xml.text(s, "session-type"),
                        Xml.children(s, "business-local").stream().map(e -> e.getTextContent().trim()).toList(),
                        Xml.children(s, "business-remote").stream().map(e -> e.getTextContent().trim()).toList(),
                        Xml.child(s, "local-bean").isPresent(), Xml.text(s, "transaction-type"), List.copyOf(env)));
            }
        });
        List<ContainerTransaction> transactions = new ArrayList<>();
        Map<String, Boolean> appExceptions = new LinkedHashMap<>();
        List<InterceptorBinding> bindings = new ArrayList<>();
        Xml.child(root, "assembly-descriptor").ifPresent(assembly -> {
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
        return new EjbJarXml(Map.copyOf(sessions), List.copyOf(transactions), Map.copyOf(appExceptions), List.copyOf(bindings));
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
