package dev.isola.appserver.ejb;

import jakarta.ejb.ConcurrencyManagementType;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;

/**
 * The kinds of enterprise bean, with what is particular to each. All run on the same
 * {@link BeanContainer} machinery (interceptors, container-managed transactions around each
 * call or delivery); they differ in how instances are found for a call.
 */
public sealed interface BeanKind {

    /** "Stateless", "Stateful", "Singleton", "MessageDriven": as in messages and the descriptor's session-type. */
    String label();

    /** Instances are pooled; any instance serves any call. */
    record Stateless() implements BeanKind {
        public String label() { return "Stateless"; }
    }

    /**
     * One instance per client reference.
     *
     * @param timeout            idle time after which the session is removed ({@code @StatefulTimeout}); null: the server default
     * @param passivationCapable whether it may be written to disk when idle (also requires {@code Serializable})
     */
    record Stateful(Duration timeout, boolean passivationCapable) implements BeanKind {
        public String label() { return "Stateful"; }
    }

    /**
     * One instance per application.
     *
     * @param startup     created at deployment ({@code @Startup}), not on first use
     * @param dependsOn   beans that must be initialized first ({@code @DependsOn})
     * @param concurrency container-managed (locks) or bean-managed
     */
    record Singleton(boolean startup, List<String> dependsOn, ConcurrencyManagementType concurrency) implements BeanKind {
        public Singleton {
            dependsOn = List.copyOf(dependsOn);
        }

        public String label() { return "Singleton"; }
    }

    /**
     * Consumes messages: the container calls the listener method once per message of the
     * destination the activation configuration names, each call with its own instance.
     *
     * @param listenerMethod the bean class's {@code onMessage(Message)}
     */
    record MessageDriven(ActivationConfig activation, Method listenerMethod) implements BeanKind {
        public String label() { return "MessageDriven"; }
    }
}
