package dev.isola.appserver.split;

import dev.isola.appserver.ServerConfig;
import dev.isola.appserver.SubServerRole;
import dev.isola.appserver.SubServers;
import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.split.ejb.Basket;
import dev.isola.appserver.testapps.split.ejb.BasketBean;
import dev.isola.appserver.testapps.split.ejb.OrderDesk;
import dev.isola.appserver.testapps.split.ejb.OrderDeskBean;
import dev.isola.appserver.testapps.split.ejb.SchemaBean;
import dev.isola.appserver.testapps.split.ejb.ShippingBean;
import dev.isola.appserver.testapps.split.ejb.StockBean;
import dev.isola.appserver.testapps.split.model.OutOfStock;
import dev.isola.appserver.testapps.split.model.Purchase;
import dev.isola.appserver.testapps.split.model.Refused;
import dev.isola.appserver.testapps.split.web.SplitServlet;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.naming.InitialContext;
import javax.sql.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One role of a separated domain in this process, without its peers: what an isolate refuses
 * and how a deployment that cannot reach its peer fails (atomically, naming the domain).
 */
class SeparatedRolesTest {

    @TempDir
    static Path root;
    private static Path ear;
    private static final List<Link> links = new ArrayList<>();

    @BeforeAll
    static void buildEar() {
        ear = root.resolve("split.ear");
        TestApps.mavenStyleEar("split.ear", "split",
                        TestApps.ejbJar("split-ejb.jar", OrderDesk.class, OrderDeskBean.class, ShippingBean.class, SchemaBean.class,
                                Basket.class, BasketBean.class, StockBean.class),
                        TestApps.war("split-web.war", SplitServlet.class), "/split",
                        TestApps.library("split-model.jar", Purchase.class, OutOfStock.class, Refused.class))
                .as(ZipExporter.class).exportTo(ear.toFile(), true);
    }

    private static SubServers start(String name, SubServerRole... roles) {
        Path dir = root.resolve(name);
        return SubServers.start(ServerConfig.builder(dir.resolve("data"), dir.resolve("applications")).domain("lonely")
                .roles(EnumSet.copyOf(List.of(roles))).dataSource(DataSourceSpec.derbyEmbedded("java:global/jdbc/Reports", "reports")).build());
    }

    @Test
    void aWebIsolateWithoutItsEjbIsolateRefusesTheDeploymentAndKeepsNothing() throws Exception {
        try (SubServers web = start("web", SubServerRole.WEB)) {
            DeploymentException e = assertThrows(DeploymentException.class, () -> web.deploy(ear));
            assertEquals("application split: its enterprise beans cannot be reached: the EJB isolate of domain lonely is not connected yet"
                    + " (the domain connects it once it runs)", e.getMessage());
            assertTrue(web.deployments().isEmpty());
            assertFalse(Files.exists(root.resolve("web/applications/web/split")), "the unpacked archive is gone");

            DataSource reports = (DataSource) new InitialContext().lookup("java:global/jdbc/Reports");
            SQLException held = assertThrows(SQLException.class, reports::getConnection);
            assertEquals("08001", held.getSQLState());
            assertTrue(held.getMessage().startsWith("datasource java:global/jdbc/Reports is the embedded Derby database 'reports', which only"
                    + " the EJB isolate of domain lonely opens"), held.getMessage());

            IllegalStateException wrongRole = assertThrows(IllegalStateException.class, () -> web.serveEjbClient(pair()));
            assertEquals("serveEjbClient is for the isolate that hosts the EJB sub-server; this isolate hosts [WEB]", wrongRole.getMessage());
            assertThrows(IllegalStateException.class, () -> web.serveJmsClient(pair()));
            assertTrue(web.jmsDestinations().isEmpty(), "the broker's destinations are the JMS isolate's to report");
        }
    }

    @Test
    void anEjbIsolateWithoutItsJmsIsolateRefusesADeploymentThatDefinesDestinations() {
        try (SubServers ejb = start("ejb", SubServerRole.EJB)) {
            DeploymentException e = assertThrows(DeploymentException.class, () -> ejb.deploy(ear));
            assertTrue(e.getMessage().startsWith("application split, module split-ejb.jar, class " + OrderDeskBean.class.getName()
                    + ", member @JMSDestinationDefinition java:app/jms/SplitOrders"), e.getMessage());
            assertTrue(e.getMessage().endsWith("the JMS sub-server cannot be reached: the JMS isolate of domain lonely is not connected yet"
                    + " (the domain connects it once it runs)"), e.getMessage());
            assertTrue(ejb.deployments().isEmpty());
            assertEquals(-1, ejb.httpPort(), "no web sub-server here");
            IllegalStateException wrongRole = assertThrows(IllegalStateException.class, () -> ejb.connectEjb(pair()));
            assertEquals("connectEjb is for a web isolate without the EJB sub-server; this isolate hosts [EJB]", wrongRole.getMessage());
        }
    }

    @Test
    void aJmsIsolateDeclaresTheDestinationsOfWhatItDeploysAndServesOnlyLinksLargeEnough() {
        try (SubServers jms = start("jms", SubServerRole.JMS)) {
            assertEquals("split", jms.deploy(ear).name());
            assertTrue(jms.jmsDestinations().stream().anyMatch(d -> d.name().equals("split.orders")));
            IllegalArgumentException small = assertThrows(IllegalArgumentException.class, () -> jms.serveJmsClient(pair()));
            assertTrue(small.getMessage().contains("the broker accepts messages of up to 4194304 bytes"), small.getMessage());
            assertThrows(IllegalStateException.class, () -> jms.connectJms(pair()));
            jms.undeploy("split");
        }
    }

    /** Two fresh links with both ends here (closed after the tests); the call under test refuses them before using them. */
    private static LinkPair pair() {
        Isolate me = Isolate.current();
        LinkPair pair = new LinkPair(Link.newLink(me, me), Link.newLink(me, me));
        links.add(pair.outgoing());
        links.add(pair.incoming());
        return pair;
    }

    @AfterAll
    static void closeLinks() {
        links.forEach(Link::close);
    }
}
