package dev.isola.domains.isolate;

import dev.isola.appserver.ServerConfig;
import dev.isola.appserver.web.AccessLog;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.config.AccessLogConfig;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.config.Member;
import dev.isola.mvm.isolate.MemorySize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * What a domain's sub-servers are started with: every domain of a root shares one compiled-JSP
 * cache and one directory of Derby database templates, neither of which is a domain.
 */
class MemberServerConfigTest {

    @TempDir
    Path root;

    @Test
    void theDomainsOfOneRootShareTheirJspCacheAndDatabaseTemplatesUnderTheRoot() throws Exception {
        DomainsRoot domains = DomainsRoot.at(root);
        DomainDirectory shop = domains.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 18080));
        DomainDirectory crm = domains.create(DomainConfig.defaults("crm", DomainMode.SEPARATED, 18081));
        ServerConfig shopServer = MemberServer.serverConfig(domains.load("shop"), shop, Member.of(DomainMode.COMBINED).getFirst());
        ServerConfig crmWeb = MemberServer.serverConfig(domains.load("crm"), crm, Member.of("web"));
        Path expected = root.toAbsolutePath().normalize().resolve(".cache").resolve("jsp");
        assertEquals(expected, shopServer.jspCache());
        assertEquals(expected, crmWeb.jspCache());
        Path templates = root.toAbsolutePath().normalize().resolve(".cache").resolve("derby");
        assertEquals(templates, shopServer.databaseTemplates());
        assertEquals(templates, crmWeb.databaseTemplates());
        Files.createDirectories(expected);
        Files.createDirectories(templates);
        assertEquals(List.of("crm", "shop"), domains.names(), "the caches are not taken for domains");
    }

    @Test
    void theIsolateWithTheWebSubServerWritesTheAccessLogIntoTheDomainsLogsWhenItIsOn() throws Exception {
        DomainsRoot domains = DomainsRoot.at(root);
        AccessLogConfig on = new AccessLogConfig(true, "common", 5, MemorySize.parse("100m"));
        DomainDirectory shop = domains.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 18080).withAccessLog(on));
        DomainDirectory crm = domains.create(DomainConfig.defaults("crm", DomainMode.SEPARATED, 18081).withAccessLog(on));
        DomainDirectory quiet = domains.create(DomainConfig.defaults("quiet", DomainMode.COMBINED, 18082));

        assertEquals(new AccessLog(shop.logs(), "shop-access", "common", 5, MemorySize.parse("100m")),
                MemberServer.serverConfig(domains.load("shop"), shop, Member.SERVER).accessLog());
        assertEquals(new AccessLog(crm.logs(), "crm-web-access", "common", 5, MemorySize.parse("100m")),
                MemberServer.serverConfig(domains.load("crm"), crm, Member.of("web")).accessLog());
        assertNull(MemberServer.serverConfig(domains.load("crm"), crm, Member.of("ejb")).accessLog(), "no web sub-server, no access log");
        assertNull(MemberServer.serverConfig(domains.load("quiet"), quiet, Member.SERVER).accessLog(), "off by default");
    }
}
