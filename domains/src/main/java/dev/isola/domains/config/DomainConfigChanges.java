package dev.isola.domains.config;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What differs between two configurations of a domain, one line per setting, for the people
 * who change them: {@code httpPort: 8081 -> 8090}, {@code isolates.server.heap: 256m -> 512m},
 * {@code jmsDestinations[orders]: added}. It compares the explicit JSON forms
 * ({@link DomainConfigJson#write}), so a setting left to its default and the same setting given
 * are no change. Data sources and destinations are matched by name, not by position, and a
 * password is never printed: the lines go to the domain's events and the admin's log.
 */
public final class DomainConfigChanges {

    private static final Set<String> SECRET = Set.of("password", "keyStorePassword", "bindPassword");

    private DomainConfigChanges() {
    }

    /** The changes from {@code before} to {@code after}, in the order of the configuration's fields; empty when they are the same. */
    public static List<String> between(DomainConfig before, DomainConfig after) {
        List<String> changes = new ArrayList<>();
        compare("", DomainConfigJson.write(before), DomainConfigJson.write(after), changes);
        return changes;
    }

    private static void compare(String path, JsonNode before, JsonNode after, List<String> changes) {
        if (before.equals(after)) {
            return;
        }
        if (before.isObject() && after.isObject()) {
            Set<String> fields = new LinkedHashSet<>();
            before.fieldNames().forEachRemaining(fields::add);
            after.fieldNames().forEachRemaining(fields::add);
            for (String field : fields) {
                String at = path.isEmpty() ? field : path + "." + field;
                if (!after.has(field)) {
                    changes.add(at + ": removed");
                } else if (!before.has(field)) {
                    changes.add(at + ": " + describe(field, after.get(field)) + " (added)");
                } else {
                    compare(at, before.get(field), after.get(field), changes);
                }
            }
        } else if (named(before) && named(after)) {
            Map<String, JsonNode> old = byName(before);
            Map<String, JsonNode> now = byName(after);
            for (Map.Entry<String, JsonNode> entry : old.entrySet()) {
                if (!now.containsKey(entry.getKey())) {
                    changes.add(path + "[" + entry.getKey() + "]: removed");
                }
            }
            for (Map.Entry<String, JsonNode> entry : now.entrySet()) {
                String at = path + "[" + entry.getKey() + "]";
                if (!old.containsKey(entry.getKey())) {
                    changes.add(at + ": added");
                } else {
                    compare(at, old.get(entry.getKey()), entry.getValue(), changes);
                }
            }
        } else {
            String field = path.substring(path.lastIndexOf('.') + 1);
            if (SECRET.contains(field) && !before.asText().isEmpty() && !after.asText().isEmpty()) {
                // Both hidden, "(hidden) -> (hidden)" would read as no change.
                changes.add(path + ": (changed)");
                return;
            }
            changes.add(path + ": " + describe(field, before) + " -> " + describe(field, after));
        }
    }

    private static String describe(String field, JsonNode value) {
        if (SECRET.contains(field)) {
            return value.asText().isEmpty() ? "(none)" : "(hidden)";
        }
        if (value.isTextual()) {
            return value.asText();
        }
        if (value.isObject()) {
            List<String> parts = new ArrayList<>();
            value.fields().forEachRemaining(f -> parts.add(f.getKey() + " " + describe(f.getKey(), f.getValue())));
            return String.join(", ", parts);
        }
        return value.toString();
    }

    /** An array of objects each with a distinct name (data sources, destinations), which are compared by name. */
    private static boolean named(JsonNode array) {
        if (!array.isArray()) {
            return false;
        }
        Set<String> names = new LinkedHashSet<>();
        for (Iterator<JsonNode> it = array.elements(); it.hasNext(); ) {
            JsonNode element = it.next();
            if (!element.isObject() || !element.path("name").isTextual() || !names.add(element.get("name").asText())) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, JsonNode> byName(JsonNode array) {
        Map<String, JsonNode> map = new LinkedHashMap<>();
        array.forEach(element -> map.put(element.get("name").asText(), element));
        return map;
    }
}
