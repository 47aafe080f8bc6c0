package dev.isola.appserver.ejb;

import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.ejbs.AsyncBean;
import dev.isola.appserver.testapps.ejbs.BoomException;
import dev.isola.appserver.testapps.ejbs.Cart;
import dev.isola.appserver.testapps.ejbs.CartBean;
import dev.isola.appserver.testapps.ejbs.EjbsServlet;
import dev.isola.appserver.testapps.ejbs.GateBean;
import dev.isola.appserver.testapps.ejbs.NotebookBean;
import dev.isola.appserver.testapps.ejbs.PooledBean;
import dev.isola.appserver.testapps.ejbs.RegistryBean;
import dev.isola.appserver.testapps.ejbs.ShortLivedBean;
import dev.isola.appserver.testapps.ejbs.TickerBean;
import dev.isola.appserver.testapps.ejbs.TraceInterceptors;
import dev.isola.appserver.testapps.ejbs.TracedBean;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Session bean semantics through a deployed application, over HTTP: pool bounds, stateful
 * identity, removal, timeout and passivation, singleton locks, interceptor order, asynchronous
 * calls, timers. The server runs with a pool of two stateless instances that callers wait
 * 300 ms for, and at most two stateful instances of a bean in memory.
 */
class SessionBeanSemanticsTest {

    static RunningServer fixture;

    @BeforeAll
    static void deploy() {
        fixture = new RunningServer(b -> b.ejb(EjbSettings.defaults().withStatelessPool(2, Duration.ofMillis(300)).withStateful(Duration.ofMinutes(30), 2)));
        var ejb = TestApps.ejbJar("ejbs-ejb.jar", GateBean.class, PooledBean.class, Cart.class, CartBean.class, NotebookBean.class,
                        ShortLivedBean.class, RegistryBean.class, TraceInterceptors.class, TraceInterceptors.DefaultInterceptor.class,
                        TraceInterceptors.Outer.class, TraceInterceptors.Base.class, TraceInterceptors.Inner.class, TraceInterceptors.MethodLevel.class,
                        TracedBean.class, AsyncBean.class, BoomException.class, TickerBean.class)
                .addAsManifestResource(new StringAsset("""
                        <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
                          <assembly-descriptor>
                            <interceptor-binding>
                              <ejb-name>*</ejb-name>
                              <interceptor-class>dev.isola.appserver.testapps.ejbs.TraceInterceptors$DefaultInterceptor</interceptor-class>
                            </interceptor-binding>
                          </assembly-descriptor>
                        </ejb-jar>
                        """), "ejb-jar.xml");
        fixture.server().deploy(fixture.export(TestApps.mavenStyleEar("ejbs.ear", "ejbs", ejb, TestApps.war("ejbs-web.war", EjbsServlet.class), "/ejbs")));
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    private static String op(String op) {
        return fixture.get("/ejbs/ejb?op=" + op);
    }

    @Test
    void statelessPoolIsBoundedAndACallerWaitsOnlyTheWaitTimeout() {
        assertEquals("third=ConcurrentAccessTimeoutException created=2 maxConcurrent=2 sameReference=true", op("pool"));
    }

    @Test
    void statefulReferencesAreSessionsThatRemoveEnds() {
        assertEquals("oneEqualsOne=true oneEqualsTwo=false one=[apple, pear] two=[plum] checkout=[apple, pear] afterRemove=NoSuchEJBException twoStill=[plum]",
                op("stateful"));
    }

    @Test
    void statefulInstancesBeyondTheLimitArePassivatedAndActivatedIntact() {
        assertEquals("notes=[keep me] passivated=1 activated=1 transient=null gateUsable=true contextUsable=true executorUsable=true", op("passivation"));
    }

    @Test
    void idleStatefulSessionTimesOut() {
        assertEquals("pong then NoSuchEJBException after>=1s:true", op("timeout"));
    }

    @Test
    void singletonReadLocksShareAndWriteLockTimesOut() {
        assertEquals("readersTogether=true writeWhileReading=ConcurrentAccessTimeoutException writeAfter=1", op("lock"));
    }

    @Test
    void interceptorsRunInSpecificationOrder() {
        assertEquals("around=[Default, Outer, Base, Inner, Method, TracedBean, method] lifecycle=[Outer, TracedBean]"
                + " | around=[TracedBean, method]", op("interceptors"));
    }

    @Test
    void asynchronousMethodsRunOnVirtualThreadsAndReportFailures() {
        assertEquals("virtual=true otherThread=true length=5 failure=BoomException:boom", op("async"));
    }

    @Test
    void scheduledAndProgrammaticTimersFire() throws InterruptedException {
        assertEquals("started", op("timers-start"));
        String expected = "scheduled>=2:true once:true intervals:3 intervalLive:false automatic:1";
        String state = "";
        for (int i = 0; i < 150 && !state.equals(expected); i++) {
            Thread.sleep(100);
            state = op("timers");
        }
        assertEquals(expected, state);
    }
}
