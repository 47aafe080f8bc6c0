package dev.isola.appserver.web;

import dev.isola.appserver.support.RunningServer;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The web sub-server leaves Tomcat's JMX descriptions out (nothing reads them, and building them
 * was a tenth of a domain's start-up): with a context deployed and serving, the platform MBean
 * server holds no MBean of Tomcat's, where an embedded Tomcat otherwise registers dozens.
 */
class TomcatMBeansTest {

    @Test
    void aServingWebSubServerRegistersNoTomcatMBeans() throws Exception {
        try (RunningServer server = new RunningServer()) {
            WebArchive war = ShrinkWrap.create(WebArchive.class, "hello.war")
                    .add(new StringAsset("<%@ page contentType=\"text/plain\" %>hello"), "index.jsp");
            server.server().deploy(server.export(war));
            assertEquals("hello", server.get("/hello/index.jsp").trim());

            assertEquals(Set.of(), ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("Tomcat:*"), null));
            assertEquals(Set.of(), ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("Catalina:*"), null));
        }
    }
}
