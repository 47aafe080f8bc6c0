package dev.isola.appserver.concurrent;

import jakarta.enterprise.concurrent.ContextServiceDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a context service does with each kind of thread context it knows (Jakarta Concurrency's
 * {@code @ContextServiceDefinition}): propagate it from where a task was handed over, clear it,
 * or leave the running thread's as it is.
 *
 * <pre>
 *   Application  the component's java: names and its class loader
 *   Security     the caller its bean calls are made as
 *   Transaction  the thread's transaction (cleared: suspended; unchanged: used; propagated: not supported)
 * </pre>
 */
record ContextPolicy(Treatment application, Treatment security, Treatment transaction) {

    enum Treatment { PROPAGATED, CLEARED, UNCHANGED }

    /** The default context service's: application and security propagated, transactions cleared. */
    static final ContextPolicy DEFAULT = new ContextPolicy(Treatment.PROPAGATED, Treatment.PROPAGATED, Treatment.CLEARED);

    private static final List<String> KNOWN = List.of(ContextServiceDefinition.APPLICATION, ContextServiceDefinition.SECURITY,
            ContextServiceDefinition.TRANSACTION);

    /**
     * The policy a definition asks for. A type named in no list takes the treatment of the list
     * that names {@link ContextServiceDefinition#ALL_REMAINING}.
     *
     * @throws IllegalArgumentException naming the type that is unknown, named twice, or asked for what is not supported
     */
    static ContextPolicy of(String[] propagated, String[] cleared, String[] unchanged) {
        Map<String, Treatment> treatments = new LinkedHashMap<>();
        Treatment remaining = null;
        Map<Treatment, String[]> lists = new LinkedHashMap<>();
        lists.put(Treatment.PROPAGATED, propagated);
        lists.put(Treatment.CLEARED, cleared);
        lists.put(Treatment.UNCHANGED, unchanged);
        for (Map.Entry<Treatment, String[]> list : lists.entrySet()) {
            for (String type : list.getValue()) {
                String name = type.trim();
                if (name.equals(ContextServiceDefinition.ALL_REMAINING)) {
                    if (remaining != null) {
                        throw new IllegalArgumentException("\"" + ContextServiceDefinition.ALL_REMAINING + "\" is in two lists");
                    }
                    remaining = list.getKey();
                    continue;
                }
                if (!KNOWN.contains(name)) {
                    throw new IllegalArgumentException("context type \"" + name + "\" is not one this server has (it has " + String.join(", ", KNOWN) + ")");
                }
                Treatment earlier = treatments.putIfAbsent(name, list.getKey());
                if (earlier != null) {
                    throw new IllegalArgumentException("context type \"" + name + "\" is both " + word(earlier) + " and " + word(list.getKey()));
                }
            }
        }
        List<String> missing = new ArrayList<>();
        for (String type : KNOWN) {
            if (!treatments.containsKey(type)) {
                if (remaining == null) {
                    missing.add(type);
                } else {
                    treatments.put(type, remaining);
                }
            }
        }
        if (!missing.isEmpty()) {
            // The specification's default lists always contain "Remaining"; lists that drop it leave these as the running thread has them.
            missing.forEach(type -> treatments.put(type, Treatment.UNCHANGED));
        }
        if (treatments.get(ContextServiceDefinition.TRANSACTION) == Treatment.PROPAGATED) {
            throw new IllegalArgumentException("propagating the transaction context is not supported: a transaction belongs to one thread here "
                    + "(clear it, the default, or leave it unchanged)");
        }
        return new ContextPolicy(treatments.get(ContextServiceDefinition.APPLICATION), treatments.get(ContextServiceDefinition.SECURITY),
                treatments.get(ContextServiceDefinition.TRANSACTION));
    }

    private static String word(Treatment treatment) {
        return treatment.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** This policy, with the transaction treated as a task's {@code ManagedTask.TRANSACTION} execution property asks. */
    ContextPolicy withTransaction(Treatment treatment) {
        return new ContextPolicy(application, security, treatment);
    }
}
