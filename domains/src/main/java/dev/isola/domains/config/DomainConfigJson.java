package dev.isola.domains.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.config.InvalidJmsConfigException;
import dev.isola.appserver.security.PasswordEncoding;
import dev.isola.appserver.security.RealmSpec;
import dev.isola.domains.JsonTrees;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.MemorySize;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The JSON form of a {@link DomainConfig}, as stored in {@code config/domain.json} and as the
 * admin REST API takes it:
 *
 * <pre>{@code
 * {
 *   "name": "shop",
 *   "mode": "combined",                    // or "separated"; default combined
 *   "host": "127.0.0.1",                   // default loopback
 *   "httpPort": 8080,                      // 0: any free port
 *   "isolate":  { "heap": "256m", "youngGeneration": "4m", "collector": "serial" },  // over every isolate's defaults
 *   "isolates": { "ejb": { "heap": "512m", "jvmOptions": ["-Xss512k"] } },           // per isolate: server | web | ejb | jms
 *   "dataSources": [ { "name": "java:global/jdbc/orders", "url": "jdbc:derby:orders;create=true", "maxPoolSize": 10 } ],
 *   "jmsDestinations": [ { "name": "orders", "type": "queue", "maxDeliveryAttempts": 3, "deadLetterQueue": "orders.DLQ" } ],
 *   "accessLog": { "enabled": true, "pattern": "combined", "maxDays": 14, "maxFileSize": "100m" },  // default off; pattern and days
 *                                          // as shown; maxFileSize default "0", no limit: a file per day however large
 *   "https": { "enabled": true, "port": 8443, "keyStore": "/etc/shop.p12", "keyStorePassword": "..." }, // default off; no key store: self-signed
 *   "logLevels": { "org.apache.catalina.core": "FINE", "root": "WARNING" },     // loggers whose level is not the default
 *   "realm": { "type": "jdbc", "dataSource": "java:global/jdbc/users",         // default { "type": "file" }: config/keyfile
 *              "passwordQuery": "SELECT password FROM users WHERE name = ?",
 *              "groupsQuery": "SELECT group_name FROM user_groups WHERE user_name = ?",
 *              "encoding": "bcrypt" }                                          // or "sha-256"; default bcrypt
 *   // or "realm": { "type": "ldap", "url": "ldaps://ldap.example.com:636",
 *   //              "userDnPattern": "uid={0},ou=people,dc=example,dc=com",     // or "userSearchBase" + "userSearchFilter": "(uid={0})"
 *   //              "bindDn": "...", "bindPassword": "...",                      // who searches; default anonymous
 *   //              "groupSearchBase": "ou=groups,dc=example,dc=com", "groupSearchFilter": "(member={0})",
 *   //              "groupNameAttribute": "cn" }                                 // no group search: no roles
 * }
 * }</pre>
 *
 * Reading is strict: an unknown field, a value of the wrong kind or a value out of range is a
 * {@link DomainConfigException} naming the field. Writing produces the explicit form (every
 * isolate with all its settings), which reads back to the same configuration.
 */
public final class DomainConfigJson {

    private static final Set<String> TOP = Set.of("name", "mode", "host", "httpPort", "isolate", "isolates", "dataSources", "jmsDestinations",
            "accessLog", "https", "logLevels", "realm");
    private static final Set<String> ACCESS_LOG = Set.of("enabled", "pattern", "maxDays", "maxFileSize");
    private static final Set<String> HTTPS = Set.of("enabled", "port", "keyStore", "keyStorePassword");
    private static final Set<String> JDBC_REALM_FIELDS = Set.of("dataSource", "passwordQuery", "groupsQuery", "encoding");
    private static final Set<String> LDAP_REALM_FIELDS = Set.of("url", "userDnPattern", "userSearchBase", "userSearchFilter", "bindDn",
            "bindPassword", "groupSearchBase", "groupSearchFilter", "groupNameAttribute");
    private static final Set<String> REALM = Stream.of(Set.of("type"), JDBC_REALM_FIELDS, LDAP_REALM_FIELDS).flatMap(Set::stream)
            .collect(Collectors.toUnmodifiableSet());
    private static final String JDBC_REALM = "{\"type\": \"jdbc\", \"dataSource\": \"java:global/jdbc/users\", \"passwordQuery\": \"SELECT password"
            + " FROM users WHERE name = ?\", \"groupsQuery\": \"SELECT group_name FROM user_groups WHERE user_name = ?\"}";
    private static final String LDAP_REALM = "{\"type\": \"ldap\", \"url\": \"ldap://ldap.example.com:389\", \"userDnPattern\":"
            + " \"uid={0},ou=people,dc=example,dc=com\", \"groupSearchBase\": \"ou=groups,dc=example,dc=com\", \"groupSearchFilter\": \"(member={0})\"}";
    private static final Set<String> ISOLATE = Set.of("heap", "youngGeneration", "busyYoungGeneration", "collector", "jvmOptions");
    private static final Set<String> DATASOURCE = Set.of("name", "url", "className", "databaseName", "serverName", "portNumber", "user",
            "password", "properties", "minPoolSize", "maxPoolSize");
    private static final Set<String> DESTINATION = Set.of("name", "type", "maxDeliveryAttempts", "deadLetterQueue");

    private DomainConfigJson() {
    }

    /**
     * Reads a configuration; fields left out get their defaults ({@code defaultPort} for the HTTP port,
     * {@link Integer#MIN_VALUE} to require it).
     *
     * @throws DomainConfigException naming the field at fault
     */
    public static DomainConfig read(JsonNode json, int defaultPort) {
        if (json == null || !json.isObject()) {
            throw new DomainConfigException("(document)", "a domain configuration is a JSON object, e.g. {\"name\": \"shop\", \"mode\": \"combined\"}");
        }
        knownFields(json, "", TOP);
        String name = text(json, "name", null);
        DomainConfig.checkName(name);
        DomainMode mode;
        try {
            mode = DomainMode.of(text(json, "mode", DomainMode.COMBINED.key()));
        } catch (IllegalArgumentException e) {
            throw new DomainConfigException("mode", e.getMessage());
        }
        String host = text(json, "host", DomainConfig.DEFAULT_HOST);
        int port = integer(json, "httpPort", "httpPort", defaultPort);
        // "isolate" changes what it names in every isolate's defaults (a JMS isolate's differ).
        Map<Member, IsolateSettings> isolates = new EnumMap<>(Member.class);
        for (Member member : Member.of(mode)) {
            IsolateSettings defaults = IsolateSettings.defaults(member);
            isolates.put(member, json.has("isolate") ? settings(json.get("isolate"), "isolate", defaults) : defaults);
        }
        JsonNode perIsolate = json.get("isolates");
        if (perIsolate != null && !perIsolate.isNull()) {
            if (!perIsolate.isObject()) {
                throw new DomainConfigException("isolates", "must be an object keyed by isolate (" + members(mode) + ")");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = perIsolate.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                String field = "isolates." + entry.getKey();
                Member member;
                try {
                    member = Member.of(entry.getKey());
                } catch (IllegalArgumentException e) {
                    throw new DomainConfigException(field, e.getMessage());
                }
                if (!Member.of(mode).contains(member)) {
                    throw new DomainConfigException(field, "a " + mode.key() + " domain has no such isolate (it has " + members(mode) + ")");
                }
                isolates.put(member, settings(entry.getValue(), field, isolates.get(member)));
            }
        }
        List<DataSourceSpec> dataSources = new ArrayList<>();
        for (JsonNode ds : array(json, "dataSources")) {
            dataSources.add(dataSource(ds, "dataSources[" + dataSources.size() + "]"));
        }
        List<DestinationConfig> destinations = new ArrayList<>();
        for (JsonNode d : array(json, "jmsDestinations")) {
            destinations.add(destination(d, "jmsDestinations[" + destinations.size() + "]"));
        }
        return new DomainConfig(name, mode, host, port, isolates, dataSources, destinations, accessLog(json), https(json), logLevels(json),
                realm(json));
    }

    private static LogLevels logLevels(JsonNode document) {
        return readLogLevels(document.get("logLevels"));
    }

    /**
     * Reads log levels as the configuration's {@code logLevels} has them: an object of logger names and level names
     * (also the body of {@code PUT .../log-levels}); absent or null is none.
     *
     * @throws DomainConfigException naming {@code logLevels} or {@code logLevels.<logger>}
     */
    public static LogLevels readLogLevels(JsonNode given) {
        if (given == null || given.isNull()) {
            return LogLevels.NONE;
        }
        if (!given.isObject()) {
            throw new DomainConfigException("logLevels", "must be an object of logger names and levels, e.g. {\"org.apache.catalina\": \"FINE\"}");
        }
        Map<String, String> levels = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = given.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (!entry.getValue().isTextual()) {
                throw new DomainConfigException("logLevels." + entry.getKey(), entry.getValue() + " must be a level as a string, e.g. \"FINE\"");
            }
            levels.put(entry.getKey(), entry.getValue().asText());
        }
        return LogLevels.of(levels);
    }

    /** The object {@code name} of the document, its fields checked against {@code known}; empty when it is not given. */
    private static Optional<JsonNode> section(JsonNode json, String name, Set<String> known, String example) {
        JsonNode section = json.get(name);
        if (section == null || section.isNull()) {
            return Optional.empty();
        }
        if (!section.isObject()) {
            throw new DomainConfigException(name, "must be an object, e.g. " + example);
        }
        knownFields(section, name + ".", known);
        return Optional.of(section);
    }

    private static HttpsConfig https(JsonNode document) {
        Optional<JsonNode> given = section(document, "https", HTTPS, "{\"enabled\": true, \"port\": 8443}");
        if (given.isEmpty()) {
            return HttpsConfig.DEFAULT;
        }
        JsonNode json = given.get();
        boolean enabled = bool(json, "enabled", "https.enabled");
        int port = integer(json, "port", "https.port", enabled ? Integer.MIN_VALUE : 0);
        return new HttpsConfig(enabled, port, text(json, "keyStore", "", "https.keyStore"), text(json, "keyStorePassword", "", "https.keyStorePassword"));
    }

    private static RealmSpec realm(JsonNode document) {
        Optional<JsonNode> given = section(document, "realm", REALM, JDBC_REALM);
        if (given.isEmpty()) {
            return RealmSpec.FILE;
        }
        JsonNode json = given.get();
        String type = text(json, "type", RealmSpec.FILE.type(), "realm.type");
        switch (type) {
            case "file" -> {
                refuseFieldsOf("jdbc", JDBC_REALM_FIELDS, json, "the file realm");
                refuseFieldsOf("ldap", LDAP_REALM_FIELDS, json, "the file realm");
                return RealmSpec.FILE;
            }
            case "jdbc" -> {
                refuseFieldsOf("ldap", LDAP_REALM_FIELDS, json, "a JDBC realm");
                PasswordEncoding encoding;
                try {
                    encoding = PasswordEncoding.of(text(json, "encoding", PasswordEncoding.BCRYPT.key(), "realm.encoding"));
                } catch (IllegalArgumentException e) {
                    throw new DomainConfigException("realm.encoding", e.getMessage());
                }
                return new RealmSpec.Jdbc(text(json, "dataSource", null, "realm.dataSource"), text(json, "passwordQuery", null, "realm.passwordQuery"),
                        text(json, "groupsQuery", null, "realm.groupsQuery"), encoding);
            }
            case "ldap" -> {
                refuseFieldsOf("jdbc", JDBC_REALM_FIELDS, json, "an LDAP realm");
                String groupSearchBase = text(json, "groupSearchBase", "", "realm.groupSearchBase");
                String groupSearchFilter = text(json, "groupSearchFilter", "", "realm.groupSearchFilter");
                if (groupSearchBase.isEmpty() && groupSearchFilter.isEmpty() && json.has("groupNameAttribute")) {
                    throw new DomainConfigException("realm.groupNameAttribute", "names the groups a group search finds, and there is none:"
                            + " give groupSearchBase and groupSearchFilter too, or leave it out");
                }
                return new RealmSpec.Ldap(text(json, "url", null, "realm.url"), text(json, "userDnPattern", "", "realm.userDnPattern"),
                        text(json, "userSearchBase", "", "realm.userSearchBase"), text(json, "userSearchFilter", "", "realm.userSearchFilter"),
                        text(json, "bindDn", "", "realm.bindDn"), text(json, "bindPassword", "", "realm.bindPassword"), groupSearchBase,
                        groupSearchFilter, text(json, "groupNameAttribute", "", "realm.groupNameAttribute"));
            }
            default -> throw new DomainConfigException("realm.type", "'" + type + "' is not a realm type (expected file, the domain's"
                    + " config/keyfile; jdbc, database tables: " + JDBC_REALM + "; or ldap, a directory: " + LDAP_REALM + ")");
        }
    }

    /** Refuses the settings of a realm of {@code type} in a realm of another kind, which would not read them. */
    private static void refuseFieldsOf(String type, Set<String> fields, JsonNode json, String realm) {
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (fields.contains(name)) {
                throw new DomainConfigException("realm." + name, "is a setting of " + (type.equals("jdbc") ? "a JDBC realm" : "an LDAP realm")
                        + " (\"type\": \"" + type + "\"), not of " + realm);
            }
        }
    }

    private static boolean bool(JsonNode json, String name, String field) {
        JsonNode value = json.get(name);
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            throw new DomainConfigException(field, value + " must be true or false");
        }
        return value.asBoolean();
    }

    private static AccessLogConfig accessLog(JsonNode document) {
        Optional<JsonNode> given = section(document, "accessLog", ACCESS_LOG, "{\"enabled\": true, \"pattern\": \"combined\", \"maxDays\": 14}");
        if (given.isEmpty()) {
            return AccessLogConfig.DEFAULT;
        }
        JsonNode json = given.get();
        AccessLogConfig defaults = AccessLogConfig.DEFAULT;
        MemorySize maxFileSize = json.has("maxFileSize")
                ? size(text(json, "maxFileSize", defaults.maxFileSize().toString(), "accessLog.maxFileSize"), "accessLog.maxFileSize")
                : defaults.maxFileSize();
        return new AccessLogConfig(bool(json, "enabled", "accessLog.enabled"), text(json, "pattern", defaults.pattern(), "accessLog.pattern"),
                integer(json, "maxDays", "accessLog.maxDays", defaults.maxDays()), maxFileSize);
    }

    /**
     * Parses and reads {@code text}.
     *
     * @throws DomainConfigException for text that is not JSON (with line and column) or a configuration at fault
     */
    public static DomainConfig parse(String text, int defaultPort) {
        JsonNode json;
        try {
            json = JsonTrees.parse(text);
        } catch (JsonProcessingException e) {
            throw new DomainConfigException("(document)", JsonTrees.describe(e));
        }
        return read(json, defaultPort);
    }

    /**
     * Loads a stored configuration.
     *
     * @throws DomainConfigException naming the file and the field at fault
     * @throws NoSuchFileException   if there is none
     */
    public static DomainConfig load(Path file) throws IOException {
        String text = Files.readString(file);
        try {
            DomainConfig config = parse(text, Integer.MIN_VALUE);
            if (!file.getParent().getParent().getFileName().toString().equals(config.name())) {
                throw new DomainConfigException("name", "'" + config.name() + "' differs from the domain's directory name "
                        + file.getParent().getParent().getFileName());
            }
            return config;
        } catch (DomainConfigException e) {
            throw new DomainConfigException(file + ": " + e.field(), e.getMessage().substring(e.field().length() + 2));
        }
    }

    /** The explicit JSON form of {@code config}. */
    public static ObjectNode write(DomainConfig config) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("name", config.name());
        json.put("mode", config.mode().key());
        json.put("host", config.host());
        json.put("httpPort", config.httpPort());
        ObjectNode isolates = json.putObject("isolates");
        for (Member member : config.members()) {
            IsolateSettings s = config.settings(member);
            ObjectNode node = isolates.putObject(member.key());
            node.put("heap", s.heap().toString());
            node.put("youngGeneration", s.youngGeneration().toString());
            node.put("busyYoungGeneration", s.busyYoungGeneration().toString());
            node.put("collector", collectorKey(s.collector()));
            ArrayNode options = node.putArray("jvmOptions");
            s.jvmOptions().forEach(options::add);
        }
        ArrayNode dataSources = json.putArray("dataSources");
        for (DataSourceSpec ds : config.dataSources()) {
            ObjectNode node = dataSources.addObject();
            node.put("name", ds.name());
            putIfSet(node, "url", ds.url());
            putIfSet(node, "className", ds.className());
            putIfSet(node, "databaseName", ds.databaseName());
            putIfSet(node, "serverName", ds.serverName());
            if (ds.portNumber() >= 0) {
                node.put("portNumber", ds.portNumber());
            }
            putIfSet(node, "user", ds.user());
            putIfSet(node, "password", ds.password());
            if (!ds.properties().isEmpty()) {
                ObjectNode properties = node.putObject("properties");
                ds.properties().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(p -> properties.put(p.getKey(), p.getValue()));
            }
            if (ds.minPoolSize() >= 0) {
                node.put("minPoolSize", ds.minPoolSize());
            }
            if (ds.maxPoolSize() >= 0) {
                node.put("maxPoolSize", ds.maxPoolSize());
            }
        }
        ArrayNode destinations = json.putArray("jmsDestinations");
        for (DestinationConfig d : config.jmsDestinations()) {
            ObjectNode node = destinations.addObject();
            node.put("name", d.name());
            node.put("type", d.type().name().toLowerCase(Locale.ROOT));
            d.maxDeliveryAttempts().ifPresent(n -> node.put("maxDeliveryAttempts", n));
            d.deadLetterQueue().ifPresent(q -> node.put("deadLetterQueue", q));
        }
        ObjectNode accessLog = json.putObject("accessLog");
        accessLog.put("enabled", config.accessLog().enabled());
        accessLog.put("pattern", config.accessLog().pattern());
        accessLog.put("maxDays", config.accessLog().maxDays());
        accessLog.put("maxFileSize", config.accessLog().maxFileSize().toString());
        ObjectNode https = json.putObject("https");
        https.put("enabled", config.https().enabled());
        https.put("port", config.https().port());
        putIfSet(https, "keyStore", config.https().keyStore());
        putIfSet(https, "keyStorePassword", config.https().keyStorePassword());
        ObjectNode logLevels = json.putObject("logLevels");
        config.logLevels().asText().forEach(logLevels::put);
        ObjectNode realm = json.putObject("realm");
        realm.put("type", config.realm().type());
        if (config.realm() instanceof RealmSpec.Jdbc jdbc) {
            realm.put("dataSource", jdbc.dataSource());
            realm.put("passwordQuery", jdbc.passwordQuery());
            realm.put("groupsQuery", jdbc.groupsQuery());
            realm.put("encoding", jdbc.encoding().key());
        }
        if (config.realm() instanceof RealmSpec.Ldap ldap) {
            realm.put("url", ldap.url());
            putIfSet(realm, "userDnPattern", ldap.userDnPattern());
            putIfSet(realm, "userSearchBase", ldap.userSearchBase());
            putIfSet(realm, "userSearchFilter", ldap.userSearchFilter());
            putIfSet(realm, "bindDn", ldap.bindDn());
            putIfSet(realm, "bindPassword", ldap.bindPassword());
            if (ldap.searchesGroups()) {
                realm.put("groupSearchBase", ldap.groupSearchBase());
                realm.put("groupSearchFilter", ldap.groupSearchFilter());
                realm.put("groupNameAttribute", ldap.groupNameAttribute());
            }
        }
        return json;
    }

    /** {@link #write} as indented text. */
    public static String toText(DomainConfig config) {
        try {
            return IndentedWriter.MAPPER.writeValueAsString(write(config)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the configuration of domain " + config.name(), e);
        }
    }

    /**
     * The mapper that writes configurations as text, made on first use: the admin isolate writes
     * them, a domain isolate only reads its own, and reading needs no mapper ({@link JsonTrees}).
     */
    private static final class IndentedWriter {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** How the configuration spells a collector: serial, parallel, g1, z, shenandoah, default. */
    public static String collectorKey(GarbageCollector collector) {
        return collector == GarbageCollector.JVM_DEFAULT ? "default" : collector.name().toLowerCase(Locale.ROOT);
    }

    private static GarbageCollector collector(String key, String field) {
        return Arrays.stream(GarbageCollector.values()).filter(c -> collectorKey(c).equals(key)).findFirst()
                .orElseThrow(() -> new DomainConfigException(field, "'" + key + "' is not a collector (expected one of "
                        + Arrays.stream(GarbageCollector.values()).map(DomainConfigJson::collectorKey).toList() + ")"));
    }

    private static IsolateSettings settings(JsonNode json, String field, IsolateSettings base) {
        if (!json.isObject()) {
            throw new DomainConfigException(field, "must be an object with heap, youngGeneration, busyYoungGeneration, collector and jvmOptions");
        }
        knownFields(json, field + ".", ISOLATE);
        IsolateSettings s = base;
        if (json.has("heap")) {
            s = s.withHeap(size(text(json, "heap", null, field + ".heap"), field + ".heap"));
        }
        // The collector first: another than the serial one fixes the young generation, at a size that one given here replaces.
        if (json.has("collector")) {
            s = s.withCollector(collector(text(json, "collector", null, field + ".collector"), field + ".collector"));
        }
        if (json.has("youngGeneration")) {
            s = s.withYoungGeneration(size(text(json, "youngGeneration", null, field + ".youngGeneration"), field + ".youngGeneration"));
        }
        if (json.has("jvmOptions")) {
            s = s.withJvmOptions(jvmOptions(json.get("jvmOptions"), field + ".jvmOptions"));
        }
        if (json.has("busyYoungGeneration")) {
            MemorySize busy = size(text(json, "busyYoungGeneration", null, field + ".busyYoungGeneration"), field + ".busyYoungGeneration");
            try {
                s = s.withBusyYoungGeneration(busy);
            } catch (IllegalArgumentException e) {
                throw new DomainConfigException(field + ".busyYoungGeneration", e.getMessage());
            }
        }
        return s;
    }

    private static List<String> jvmOptions(JsonNode json, String field) {
        if (!json.isArray()) {
            throw new DomainConfigException(field, "must be an array of strings, e.g. [\"-XX:TieredStopAtLevel=1\"]");
        }
        List<String> options = new ArrayList<>();
        for (JsonNode option : json) {
            if (!option.isTextual()) {
                throw new DomainConfigException(field, option + " is not a string");
            }
            options.add(option.asText());
        }
        try {
            return IsolateSettings.checkJvmOptions(options);
        } catch (IllegalArgumentException e) {
            throw new DomainConfigException(field, e.getMessage());
        }
    }

    private static MemorySize size(String text, String field) {
        try {
            return MemorySize.parse(text);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new DomainConfigException(field, "'" + text + "' is not a memory size (expected e.g. 256m, 512k or 1g)");
        }
    }

    private static DataSourceSpec dataSource(JsonNode json, String field) {
        if (!json.isObject()) {
            throw new DomainConfigException(field, "must be an object with at least name and url");
        }
        knownFields(json, field + ".", DATASOURCE);
        Map<String, String> properties = new LinkedHashMap<>();
        JsonNode props = json.get("properties");
        if (props != null && !props.isNull()) {
            if (!props.isObject()) {
                throw new DomainConfigException(field + ".properties", "must be an object of strings");
            }
            props.fields().forEachRemaining(p -> properties.put(p.getKey(), p.getValue().asText()));
        }
        return new DataSourceSpec(text(json, "name", null, field + ".name"), text(json, "className", "", field + ".className"),
                text(json, "url", "", field + ".url"), text(json, "databaseName", "", field + ".databaseName"),
                text(json, "serverName", "", field + ".serverName"), integer(json, "portNumber", field + ".portNumber", -1),
                text(json, "user", "", field + ".user"), text(json, "password", "", field + ".password"), properties,
                integer(json, "minPoolSize", field + ".minPoolSize", -1), integer(json, "maxPoolSize", field + ".maxPoolSize", -1));
    }

    private static DestinationConfig destination(JsonNode json, String field) {
        if (!json.isObject()) {
            throw new DomainConfigException(field, "must be an object with name and type");
        }
        knownFields(json, field + ".", DESTINATION);
        String name = text(json, "name", null, field + ".name");
        String type = text(json, "type", "queue", field + ".type");
        DestinationType destinationType = switch (type) {
            case "queue" -> DestinationType.QUEUE;
            case "topic" -> DestinationType.TOPIC;
            default -> throw new DomainConfigException(field + ".type", "'" + type + "' is not a destination type (expected queue or topic)");
        };
        int attempts = integer(json, "maxDeliveryAttempts", field + ".maxDeliveryAttempts", -1);
        String deadLetters = text(json, "deadLetterQueue", "", field + ".deadLetterQueue");
        try {
            return new DestinationConfig(name, destinationType, attempts < 0 ? OptionalInt.empty() : OptionalInt.of(attempts),
                    deadLetters.isEmpty() ? Optional.empty() : Optional.of(deadLetters));
        } catch (InvalidJmsConfigException e) {
            throw new DomainConfigException(field, e.getMessage());
        }
    }

    private static void knownFields(JsonNode json, String prefix, Set<String> known) {
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                throw new DomainConfigException(prefix + name, "unknown field (known fields: " + known.stream().sorted().toList() + ")");
            }
        }
    }

    private static String text(JsonNode json, String name, String fallback) {
        return text(json, name, fallback, name);
    }

    private static String text(JsonNode json, String name, String fallback, String field) {
        JsonNode value = json.get(name);
        if (value == null || value.isNull()) {
            if (fallback == null) {
                throw new DomainConfigException(field, "is required but missing");
            }
            return fallback;
        }
        if (!value.isTextual()) {
            throw new DomainConfigException(field, value + " must be a string");
        }
        return value.asText();
    }

    private static int integer(JsonNode json, String name, String field, int fallback) {
        JsonNode value = json.get(name);
        if (value == null || value.isNull()) {
            if (fallback == Integer.MIN_VALUE) {
                throw new DomainConfigException(field, "is required but missing");
            }
            return fallback;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw new DomainConfigException(field, value + " must be a whole number");
        }
        return value.intValue();
    }

    private static List<JsonNode> array(JsonNode json, String name) {
        JsonNode value = json.get(name);
        if (value == null || value.isNull()) {
            return List.of();
        }
        if (!value.isArray()) {
            throw new DomainConfigException(name, "must be an array");
        }
        List<JsonNode> items = new ArrayList<>();
        value.forEach(items::add);
        return items;
    }

    private static void putIfSet(ObjectNode node, String name, String value) {
        if (!value.isEmpty()) {
            node.put(name, value);
        }
    }

    private static String members(DomainMode mode) {
        return Member.of(mode).stream().map(Member::key).toList().toString();
    }
}
