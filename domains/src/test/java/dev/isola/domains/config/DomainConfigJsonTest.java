package dev.isola.domains.config;

import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.MemorySize;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The configuration format: defaults, overrides, the explicit form written back, and every refusal naming its field. */
class DomainConfigJsonTest {

    @Test
    void aMinimalConfigurationGetsTheDefaults() {
        DomainConfig shop = DomainConfigJson.parse("{\"name\": \"shop\"}", 8080);
        assertEquals(DomainMode.COMBINED, shop.mode());
        assertEquals("127.0.0.1", shop.host());
        assertEquals(8080, shop.httpPort());
        assertEquals(java.util.List.of(Member.SERVER), shop.members());
        assertEquals(IsolateSettings.DEFAULTS, shop.settings(Member.SERVER));
    }

    @Test
    void perIsolateSettingsOverrideTheDefaultsForEveryIsolate() {
        DomainConfig crm = DomainConfigJson.parse("""
                {"name": "crm", "mode": "separated", "httpPort": 8081,
                 "isolate": {"heap": "128m", "collector": "g1"},
                 "isolates": {"ejb": {"heap": "512m", "youngGeneration": "64m"}},
                 "dataSources": [{"name": "java:global/jdbc/orders", "url": "jdbc:derby:orders;create=true", "maxPoolSize": 5}],
                 "jmsDestinations": [{"name": "orders", "maxDeliveryAttempts": 3, "deadLetterQueue": "orders.DLQ"},
                                     {"name": "prices", "type": "topic"}]}
                """, 0);
        assertEquals(java.util.List.of(Member.JMS, Member.EJB, Member.WEB), crm.members());
        assertEquals(new IsolateSettings(MemorySize.parse("128m"), MemorySize.parse("16m"), GarbageCollector.G1, List.of()), crm.settings(Member.WEB));
        assertEquals(new IsolateSettings(MemorySize.parse("512m"), MemorySize.parse("64m"), GarbageCollector.G1, List.of()), crm.settings(Member.EJB));
        // "isolate" changes only what it names in the JMS isolate's own defaults
        assertEquals(new IsolateSettings(MemorySize.parse("128m"), MemorySize.parse("16m"), GarbageCollector.G1, List.of("-XX:TieredStopAtLevel=1")),
                crm.settings(Member.JMS));
        assertEquals(5, crm.dataSources().getFirst().maxPoolSize());
        assertEquals(3, crm.jmsDestinations().getFirst().maxDeliveryAttempts().getAsInt());
        assertEquals(DestinationType.TOPIC, crm.jmsDestinations().get(1).type());
    }

    @Test
    void theWrittenFormReadsBackToTheSameConfiguration() {
        DomainConfig crm = DomainConfigJson.parse("""
                {"name": "crm", "mode": "separated", "httpPort": 8081, "isolates": {"jms": {"collector": "parallel"}},
                 "dataSources": [{"name": "java:global/jdbc/x", "databaseName": "x", "properties": {"create": "true"}}],
                 "jmsDestinations": [{"name": "orders", "type": "queue", "deadLetterQueue": "DLQ"}]}
                """, 0);
        String text = DomainConfigJson.toText(crm);
        assertEquals(crm, DomainConfigJson.parse(text, Integer.MIN_VALUE));
        assertTrue(text.contains("\"youngGeneration\" : \"4m\""), text);
    }

    @Test
    void jvmOptionsAreReadWrittenAndCheckedPerIsolate() {
        DomainConfig shop = DomainConfigJson.parse("""
                {"name": "shop", "isolates": {"server": {"jvmOptions": ["-XX:TieredStopAtLevel=1", "-Xss512k"]}}}
                """, 0);
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-Xss512k"), shop.settings(Member.SERVER).jvmOptions());
        assertEquals(shop, DomainConfigJson.parse(DomainConfigJson.toText(shop), Integer.MIN_VALUE));
        assertEquals(List.of(), DomainConfigJson.parse("{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": []}}", 0)
                .settings(Member.SERVER).jvmOptions());
    }

    @Test
    void systemPropertiesAreJvmOptionsAsUsersWriteThemAndTheServersOwnAreRefused() {
        IsolateSettings shop = DomainConfigJson.parse("""
                {"name": "shop", "isolate": {"jvmOptions": ["-Dshop.currency=EUR", "-Xss512k", "-Dshop.flag", "-Dshop.url=a=b", "-Dshop.currency=CHF"]}}
                """, 0).settings(Member.SERVER);
        assertEquals(Map.of("shop.currency", "CHF", "shop.flag", "", "shop.url", "a=b"), shop.systemProperties(),
                "-Dname alone is the empty string and a later one wins, as with java");
        assertEquals(List.of("-Xss512k"), shop.jvmOptionsWithoutSystemProperties());
        assertEquals(List.of("-Dshop.currency=EUR", "-Xss512k", "-Dshop.flag", "-Dshop.url=a=b", "-Dshop.currency=CHF"), shop.jvmOptions(),
                "kept as written, for the domain's configuration file");

        assertMessage("names no system property", "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-D=EUR\"]}}");
        assertMessage("names no system property", "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-D\"]}}");
        assertMessage("system property mvm.isolate.id is set by the server itself",
                "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-Dmvm.isolate.id=x\"]}}");
        assertMessage("system property java.util.logging.manager is set by the server itself",
                "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-Djava.util.logging.manager=x.Y\"]}}");
        assertMessage("a domain runs the server image's class path", "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-cp\", \"extra.jar\"]}}");
        assertMessage("a domain runs the server image's class path", "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"--class-path=extra.jar\"]}}");
        assertMessage("a domain runs the server image's class path", "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-Djava.class.path=extra.jar\"]}}");
        assertMessage("isola.log.maxFileSize=lots is not a size", "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-Disola.log.maxFileSize=lots\"]}}");
        assertMessage("isola.log.files=many is not a number of old log files",
                "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-Disola.log.files=many\"]}}");
        assertEquals(Map.of("isola.log.maxFileSize", "50m", "isola.log.files", "20"), DomainConfigJson.parse(
                "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-Disola.log.maxFileSize=50m\", \"-Disola.log.files=20\"]}}", 0)
                .settings(Member.SERVER).systemProperties(), "the log file's limits, as a domain sets them");
    }

    private static void assertMessage(String expected, String json) {
        DomainConfigException e = assertThrows(DomainConfigException.class, () -> DomainConfigJson.parse(json, 8080), json);
        assertEquals("isolate.jvmOptions", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void theYoungGenerationIsElasticByDefaultAndFixedWhereItCannotGrow() {
        IsolateSettings defaults = DomainConfigJson.parse("{\"name\": \"shop\"}", 0).settings(Member.SERVER);
        assertEquals(MemorySize.parse("4m"), defaults.youngGeneration());
        assertEquals(MemorySize.parse("64m"), defaults.busyYoungGeneration());
        assertTrue(defaults.elasticYoungGeneration());

        IsolateSettings explicit = DomainConfigJson.parse("""
                {"name": "shop", "isolate": {"youngGeneration": "8m", "busyYoungGeneration": "96m"}}
                """, 0).settings(Member.SERVER);
        assertEquals(MemorySize.parse("96m"), explicit.busyYoungGeneration());
        assertTrue(DomainConfigJson.toText(DomainConfigJson.parse("{\"name\": \"shop\", \"isolate\": {\"busyYoungGeneration\": \"96m\"}}", 0))
                .contains("\"busyYoungGeneration\" : \"96m\""));

        // fixed: the busy size given as the idle one, a young generation as large as the busy one, another collector
        assertTrue(!DomainConfigJson.parse("{\"name\": \"shop\", \"isolate\": {\"busyYoungGeneration\": \"4m\"}}", 0)
                .settings(Member.SERVER).elasticYoungGeneration());
        assertEquals(MemorySize.parse("96m"), DomainConfigJson.parse("{\"name\": \"shop\", \"isolate\": {\"youngGeneration\": \"96m\"}}", 0)
                .settings(Member.SERVER).busyYoungGeneration());
        IsolateSettings g1 = DomainConfigJson.parse("{\"name\": \"shop\", \"isolate\": {\"collector\": \"g1\"}}", 0).settings(Member.SERVER);
        assertTrue(!g1.elasticYoungGeneration());
        assertEquals(MemorySize.parse("16m"), g1.youngGeneration(), "not the serial collector's 4m floor");
        assertEquals(MemorySize.parse("8m"), DomainConfigJson.parse(
                "{\"name\": \"shop\", \"isolate\": {\"youngGeneration\": \"8m\", \"collector\": \"parallel\"}}", 0)
                .settings(Member.SERVER).youngGeneration(), "a young generation given beside the collector is kept");
        IsolateSettings jms = DomainConfigJson.parse("{\"name\": \"crm\", \"mode\": \"separated\"}", 0).settings(Member.JMS);
        assertEquals(List.of(MemorySize.parse("4m"), MemorySize.parse("32m")), List.of(jms.youngGeneration(), jms.busyYoungGeneration()),
                "a separated domain's JMS isolate: elastic, to a smaller busy size than the others'");

        // a smaller heap alone keeps the busy size within a quarter of it
        assertEquals(MemorySize.parse("32m"), DomainConfigJson.parse("{\"name\": \"shop\", \"isolate\": {\"heap\": \"128m\"}}", 0)
                .settings(Member.SERVER).busyYoungGeneration());
        assertEquals(MemorySize.parse("12m"), DomainConfigJson.parse("{\"name\": \"shop\", \"isolate\": {\"heap\": \"48m\"}}", 0)
                .settings(Member.SERVER).busyYoungGeneration());
        assertTrue(!DomainConfigJson.parse("{\"name\": \"shop\", \"isolate\": {\"heap\": \"48m\", \"youngGeneration\": \"12m\"}}", 0)
                .settings(Member.SERVER).elasticYoungGeneration(), "a young generation as large as that quarter is fixed");
    }

    @Test
    void eachMistakeNamesItsField() {
        assertField("(document)", "{\"name\": ");
        assertField("(document)", "[1, 2]");
        assertField("name", "{\"mode\": \"combined\"}");
        assertField("name", "{\"name\": \"Shop!\"}");
        assertField("name", "{\"name\": \"admin\"}");
        assertField("htpPort", "{\"name\": \"shop\", \"htpPort\": 80}");
        assertField("mode", "{\"name\": \"shop\", \"mode\": \"split\"}");
        assertField("httpPort", "{\"name\": \"shop\", \"httpPort\": \"eighty\"}");
        assertField("httpPort", "{\"name\": \"shop\", \"httpPort\": 70000}");
        assertField("isolates.server.heap", "{\"name\": \"shop\", \"isolates\": {\"server\": {\"heap\": \"lots\"}}}");
        assertField("isolates.server.heap", "{\"name\": \"shop\", \"isolates\": {\"server\": {\"heap\": \"16m\"}}}");
        assertField("isolates.server.youngGeneration", "{\"name\": \"shop\", \"isolates\": {\"server\": {\"heap\": \"64m\", \"youngGeneration\": \"64m\"}}}");
        assertField("isolate.collector", "{\"name\": \"shop\", \"isolate\": {\"collector\": \"cms\"}}");
        assertField("isolate.busyYoungGeneration", "{\"name\": \"shop\", \"isolate\": {\"busyYoungGeneration\": \"2m\"}}");
        assertField("isolate.busyYoungGeneration", "{\"name\": \"shop\", \"isolate\": {\"busyYoungGeneration\": \"lots\"}}");
        assertField("isolate.busyYoungGeneration", "{\"name\": \"shop\", \"isolate\": {\"collector\": \"g1\", \"busyYoungGeneration\": \"64m\"}}");
        assertField("isolates.server.busyYoungGeneration", "{\"name\": \"shop\", \"isolates\": {\"server\": {\"heap\": \"64m\", \"busyYoungGeneration\": \"64m\"}}}");
        assertField("isolates.ejb", "{\"name\": \"shop\", \"isolates\": {\"ejb\": {}}}");
        assertField("isolates.server.jvmOptions", "{\"name\": \"shop\", \"isolates\": {\"server\": {\"jvmOptions\": \"-Xss1m\"}}}");
        assertField("isolates.server.jvmOptions", "{\"name\": \"shop\", \"isolates\": {\"server\": {\"jvmOptions\": [42]}}}");
        assertField("isolates.server.jvmOptions", "{\"name\": \"shop\", \"isolates\": {\"server\": {\"jvmOptions\": [\"Xss1m\"]}}}");
        assertField("isolate.jvmOptions", "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-Xmx1g\"]}}");
        assertField("isolate.jvmOptions", "{\"name\": \"shop\", \"isolate\": {\"jvmOptions\": [\"-XX:+UseG1GC\"]}}");
        assertField("isolates.cache", "{\"name\": \"shop\", \"mode\": \"separated\", \"isolates\": {\"cache\": {}}}");
        assertField("dataSources[0].name", "{\"name\": \"shop\", \"dataSources\": [{\"name\": \"jdbc/x\", \"url\": \"jdbc:derby:x\"}]}");
        assertField("dataSources[0]", "{\"name\": \"shop\", \"dataSources\": [{\"name\": \"java:global/x\"}]}");
        assertField("dataSources[1].name", "{\"name\": \"shop\", \"dataSources\": [{\"name\": \"java:global/x\", \"url\": \"jdbc:derby:x\"},"
                + " {\"name\": \"java:global/x\", \"url\": \"jdbc:derby:y\"}]}");
        assertField("jmsDestinations[0].type", "{\"name\": \"shop\", \"jmsDestinations\": [{\"name\": \"q\", \"type\": \"pipe\"}]}");
        assertField("jmsDestinations[0]", "{\"name\": \"shop\", \"jmsDestinations\": [{\"name\": \"bad name!\"}]}");
        assertField("jmsDestinations[0].colour", "{\"name\": \"shop\", \"jmsDestinations\": [{\"name\": \"q\", \"colour\": \"red\"}]}");
        assertField("accessLog", "{\"name\": \"shop\", \"accessLog\": true}");
        assertField("accessLog.enabled", "{\"name\": \"shop\", \"accessLog\": {\"enabled\": \"yes\"}}");
        assertField("accessLog.pattern", "{\"name\": \"shop\", \"accessLog\": {\"enabled\": true, \"pattern\": \"%h %Q\"}}");
        assertField("accessLog.pattern", "{\"name\": \"shop\", \"accessLog\": {\"pattern\": \"\"}}");
        assertField("accessLog.maxDays", "{\"name\": \"shop\", \"accessLog\": {\"maxDays\": 0}}");
        assertField("accessLog.maxFileSize", "{\"name\": \"shop\", \"accessLog\": {\"maxFileSize\": \"lots\"}}");
        assertField("accessLog.maxFileSize", "{\"name\": \"shop\", \"accessLog\": {\"maxFileSize\": 100}}");
        assertField("accessLog.maxFileSize", "{\"name\": \"shop\", \"accessLog\": {\"maxFileSize\": \"-1m\"}}");
        assertField("accessLog.file", "{\"name\": \"shop\", \"accessLog\": {\"file\": \"x.log\"}}");
        assertField("https", "{\"name\": \"shop\", \"https\": 8443}");
        assertField("https.port", "{\"name\": \"shop\", \"https\": {\"enabled\": true}}");
        assertField("https.port", "{\"name\": \"shop\", \"https\": {\"enabled\": true, \"port\": 70000}}");
        assertField("https.port", "{\"name\": \"shop\", \"httpPort\": 8080, \"https\": {\"enabled\": true, \"port\": 8080}}");
        assertField("https.enabled", "{\"name\": \"shop\", \"https\": {\"enabled\": 1, \"port\": 8443}}");
        assertField("https.keyStorePassword", "{\"name\": \"shop\", \"https\": {\"enabled\": true, \"port\": 8443, \"keyStore\": \"/etc/shop.p12\"}}");
        assertField("https.certificate", "{\"name\": \"shop\", \"https\": {\"certificate\": \"shop.pem\"}}");
    }

    @Test
    void httpsIsOffUnlessAskedForAndItsPasswordNeverShowsInAChange() {
        DomainConfig plain = DomainConfigJson.parse("{\"name\": \"shop\", \"httpPort\": 8080}", 0);
        assertEquals(HttpsConfig.DEFAULT, plain.https());
        assertEquals(List.of(8080), plain.ports());
        DomainConfig secure = DomainConfigJson.parse("""
                {"name": "shop", "httpPort": 8080, "https": {"enabled": true, "port": 8443, "keyStore": "/etc/shop.p12", "keyStorePassword": "s3cret"}}
                """, 0);
        assertEquals(new HttpsConfig(true, 8443, "/etc/shop.p12", "s3cret"), secure.https());
        assertEquals(List.of(8080, 8443), secure.ports());
        assertEquals(secure, DomainConfigJson.parse(DomainConfigJson.toText(secure), 0), "written and read back");
        List<String> changes = DomainConfigChanges.between(plain, secure);
        assertTrue(changes.contains("https.enabled: false -> true") && changes.contains("https.port: 0 -> 8443"), changes.toString());
        assertTrue(changes.stream().noneMatch(line -> line.contains("s3cret")), changes.toString());
        // Off, the port is kept but not taken.
        assertEquals(List.of(8080), DomainConfigJson.parse("{\"name\": \"shop\", \"httpPort\": 8080, \"https\": {\"port\": 8443}}", 0).ports());
        assertEquals(java.nio.file.Path.of("/d/shop/config/https.p12"), plain.https().keyStorePath(java.nio.file.Path.of("/d/shop")));
    }

    @Test
    void theAccessLogIsOffUnlessAskedForAndKeepsWhatIsGiven() {
        assertEquals(AccessLogConfig.DEFAULT, DomainConfigJson.parse("{\"name\": \"shop\"}", 0).accessLog());
        assertEquals(new AccessLogConfig(false, "combined", 14, MemorySize.ofBytes(0)), AccessLogConfig.DEFAULT);
        DomainConfig shop = DomainConfigJson.parse("""
                {"name": "shop", "accessLog": {"enabled": true, "pattern": "%h %t \\"%r\\" %s %b %D", "maxDays": 3, "maxFileSize": "100MB"}}
                """, 0);
        assertEquals(new AccessLogConfig(true, "%h %t \"%r\" %s %b %D", 3, MemorySize.ofMegabytes(100)), shop.accessLog());
        assertEquals(shop, DomainConfigJson.parse(DomainConfigJson.toText(shop), 0), "written and read back");
        assertEquals("100m", DomainConfigJson.write(shop).get("accessLog").get("maxFileSize").asText(), "written as other sizes are");
        assertEquals(List.of("accessLog.enabled: false -> true", "accessLog.maxDays: 14 -> 3", "accessLog.maxFileSize: 0 -> 100m",
                        "accessLog.pattern: combined -> %h %t \"%r\" %s %b %D"),
                DomainConfigChanges.between(shop.withAccessLog(AccessLogConfig.DEFAULT), shop).stream().sorted().toList());
        assertEquals(AccessLogConfig.DEFAULT, DomainConfigJson.parse("{\"name\": \"shop\", \"accessLog\": {\"maxFileSize\": \"0\"}}", 0).accessLog(),
                "0: no size limit, as when it is left out");
    }

    @Test
    void anAccessLogSizeLimitBelowOneMegabyteIsRefusedNamingTheField() {
        DomainConfigException small = assertThrows(DomainConfigException.class,
                () -> DomainConfigJson.parse("{\"name\": \"shop\", \"accessLog\": {\"enabled\": true, \"maxFileSize\": \"512k\"}}", 0));
        assertEquals("accessLog.maxFileSize: 512k is below the smallest file size of 1m (0 for no size limit: a file per day)", small.getMessage());
        DomainConfigException notASize = assertThrows(DomainConfigException.class,
                () -> DomainConfigJson.parse("{\"name\": \"shop\", \"accessLog\": {\"maxFileSize\": \"10 files\"}}", 0));
        assertEquals("accessLog.maxFileSize: '10 files' is not a memory size (expected e.g. 256m, 512k or 1g)", notASize.getMessage());
        assertEquals(MemorySize.ofMegabytes(1), DomainConfigJson.parse("{\"name\": \"shop\", \"accessLog\": {\"maxFileSize\": \"1024k\"}}", 0)
                .accessLog().maxFileSize(), "the smallest");
    }

    @Test
    void aFieldGivenTwiceOrTextAfterTheDocumentIsRefusedWithWhereNotOneValueTaken() {
        DomainConfigException twice = assertThrows(DomainConfigException.class,
                () -> DomainConfigJson.parse("{\"name\": \"shop\",\n \"isolate\": {\"heap\": \"64m\", \"heap\": \"128m\"}}", 8080));
        assertEquals("(document)", twice.field());
        assertTrue(twice.getMessage().contains("not valid JSON at line 2, column "), twice.getMessage());
        assertTrue(twice.getMessage().contains("Duplicate field 'heap'"), twice.getMessage());
        DomainConfigException after = assertThrows(DomainConfigException.class,
                () -> DomainConfigJson.parse("{\"name\": \"shop\"}\n{\"name\": \"crm\"}", 8080));
        assertTrue(after.getMessage().contains("not valid JSON at line 2, column "), after.getMessage());
        assertTrue(after.getMessage().contains("after the end of the JSON value"), after.getMessage());
    }

    private static void assertField(String field, String json) {
        DomainConfigException e = assertThrows(DomainConfigException.class, () -> DomainConfigJson.parse(json, 8080), json);
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith(field + ": ") && e.getMessage().length() > field.length() + 10, e.getMessage());
    }
}
