package dev.isola.appserver.deploy;

import dev.isola.appserver.Deployment;
import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.ShopApp;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.bad.HelloServlet;
import dev.isola.appserver.testapps.calc.Calculator;
import dev.isola.appserver.testapps.calc.CalculatorBean;
import dev.isola.mvm.io.DirectoryTrees;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Applications stay unpacked between a server's runs: a restart deploying the same archive
 * takes over its unpacked tree and indexes; a changed, broken or damaged one is unpacked afresh
 * (or fails as it always did), and the state of the last run never survives.
 *
 * <p>A restart here is what a domain's is: the server stops, and a new one starts over the same
 * work directory and deploys the same archive file again.
 */
class UnpackedArchiveReuseTest {

    private static final String CONTEXT_ROOT = "/reused-web";

    static RunningServer fixture;

    @BeforeAll
    static void start() {
        fixture = new RunningServer();
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    @AfterEach
    void undeployAll() {
        fixture.server().deployments().reversed().forEach(d -> fixture.server().undeploy(d.name()));
    }

    /** The shop EAR (EJB module, web module, a library) under the name "reused", its web module showing {@code version}. */
    private static Path shopEarShowing(String version) {
        WebArchive web = ShopApp.web().addAsWebResource(new StringAsset("<%@ page contentType=\"text/plain\" %>" + version), "version.jsp");
        return fixture.export(TestApps.mavenStyleEar("reused.ear", "reused", ShopApp.ejb(), web, CONTEXT_ROOT, ShopApp.model()));
    }

    private static Path deploymentDirectory() {
        return fixture.workDirectory().resolve("reused");
    }

    private static Path ejbModule() {
        return deploymentDirectory().resolve("modules/shop-ejb-1.0.jar");
    }

    /** A file an unpacking afresh would not leave: while it is there, the tree was taken over. */
    private static Path dropMarker() throws IOException {
        return Files.writeString(ejbModule().resolve("marker.txt"), "left by the test");
    }

    private static void assertServes(String version) {
        assertEquals("Hello, Bo", fixture.get(CONTEXT_ROOT + "/shop?op=greet&name=Bo"));
        assertEquals(version, fixture.get(CONTEXT_ROOT + "/version.jsp").trim());
    }

    @Test
    void aRestartDeployingTheSameArchiveTakesOverItsUnpackedTreeAndIndexes() throws IOException {
        Path ear = shopEarShowing("one");
        fixture.server().deploy(ear);
        Path marker = dropMarker();
        // an enterprise bean that indexing the module again would find and deploy
        Path beans = Files.createDirectories(ejbModule().resolve(CalculatorBean.class.getPackageName().replace('.', '/')));
        copyClassFile(CalculatorBean.class, beans);
        copyClassFile(Calculator.class, beans);

        fixture.restart();
        Deployment again = fixture.server().deploy(ear);

        assertTrue(Files.exists(marker), "the module was unpacked again");
        assertTrue(again.beans().stream().anyMatch(line -> line.contains("GreeterBean")), again.beans().toString());
        assertTrue(again.beans().stream().noneMatch(line -> line.contains("CalculatorBean")),
                "the module was indexed again instead of reading its recorded index: " + again.beans());
        assertServes("one");
    }

    @Test
    void aStandaloneModuleIsTakenOverToo() throws IOException {
        Path jar = fixture.export(TestApps.ejbJar("calc.jar", Calculator.class, CalculatorBean.class));
        fixture.server().deploy(jar);
        Path marker = Files.writeString(fixture.workDirectory().resolve("calc/modules/calc.jar/marker.txt"), "left by the test");
        fixture.restart();
        Deployment again = fixture.server().deploy(jar);
        assertTrue(Files.exists(marker), "the module was unpacked again");
        assertTrue(again.beans().stream().anyMatch(line -> line.contains("CalculatorBean")), again.beans().toString());
    }

    @Test
    void theStateOfTheLastRunDoesNotSurviveARestart() throws IOException {
        Path ear = shopEarShowing("one");
        fixture.server().deploy(ear);
        assertServes("one");
        assertTrue(Files.isDirectory(deploymentDirectory().resolve("jsp")), "Jasper compiled nothing: the test proves nothing");

        fixture.restart();
        assertFalse(Files.exists(deploymentDirectory().resolve("jsp")), "the stop left the compiled JSPs of its run");
        assertTrue(Files.isRegularFile(deploymentDirectory().resolve(UnpackedArchive.RECORD)), "the stop removed the record");
        Path marker = dropMarker();
        // what a server that was killed instead of stopped leaves behind
        Path passivated = deploymentDirectory().resolve("passivated");
        Files.writeString(Files.createDirectories(passivated.resolve("CartBean")).resolve("0b7e.ser"), "a session of the last run");
        Path compiled = Files.writeString(Files.createDirectories(deploymentDirectory().resolve("jsp/shop-web-1.0"))
                .resolve("stale.class"), "a JSP class of the last run");
        Path stray = Files.writeString(deploymentDirectory().resolve("anything-else"), "of the last run");

        fixture.server().deploy(ear);

        assertTrue(Files.exists(marker), "the module was unpacked again");
        assertFalse(Files.exists(passivated), "passivated sessions of the last run survived");
        assertFalse(Files.exists(compiled), "compiled JSPs of the last run survived");
        assertFalse(Files.exists(stray), "a file of the last run survived");
        assertServes("one");
    }

    @Test
    void aChangedArchiveOfTheSameNameIsUnpackedAfresh() throws IOException {
        fixture.server().deploy(shopEarShowing("one"));
        Path marker = dropMarker();
        fixture.restart();
        fixture.server().deploy(shopEarShowing("two"));
        assertFalse(Files.exists(marker), "the tree of the earlier archive was taken over");
        assertServes("two");
    }

    @Test
    void aBrokenArchiveReplacingAGoodOneFailsInsteadOfRunningTheOldTree() throws IOException {
        Path ear = shopEarShowing("one");
        fixture.server().deploy(ear);
        fixture.restart();
        // as long as the good archive, so that only the digest tells them apart
        Files.write(ear, new byte[(int) Files.size(ear)]);

        DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(ear));

        assertEquals("application reused: archive reused.ear is not a zip archive (zip END header not found)", e.getMessage());
        assertFalse(Files.exists(deploymentDirectory()), "files left in the work directory");
        assertEquals(404, fixture.request(CONTEXT_ROOT + "/version.jsp").getStatus());
    }

    @Test
    void aDeploymentThatFailsAfterTakingOverTheTreeLeavesNothingToTakeOverNextTime() throws IOException {
        Path ear = shopEarShowing("one");
        fixture.server().deploy(ear);
        fixture.restart();
        Path marker = dropMarker();
        String squatter = CONTEXT_ROOT.substring(1);
        fixture.server().deploy(fixture.export(TestApps.war(squatter + ".war", HelloServlet.class)));

        DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(ear));

        assertTrue(e.getMessage().contains("context root '" + CONTEXT_ROOT + "' is already used"), e.getMessage());
        assertFalse(Files.exists(deploymentDirectory()), "files left in the work directory, record and all");
        fixture.server().undeploy(squatter);
        fixture.server().deploy(ear);
        assertFalse(Files.exists(marker), "the tree of the failed deployment was taken over");
        assertServes("one");
    }

    @Test
    void undeployingDeletesTheUnpackedTreeAndItsRecord() {
        fixture.server().deploy(shopEarShowing("one"));
        assertTrue(Files.isRegularFile(deploymentDirectory().resolve(UnpackedArchive.RECORD)));
        fixture.server().undeploy("reused");
        assertFalse(Files.exists(deploymentDirectory()));
    }

    /** What can be wrong with a tree left by an earlier run of the same archive. */
    enum Damage {
        NO_RECORD {
            @Override
            void apply(Path deployment) throws IOException {
                Files.delete(deployment.resolve(UnpackedArchive.RECORD));
            }
        },
        RECORD_OF_OTHER_BYTES {
            @Override
            void apply(Path deployment) throws IOException {
                Path record = deployment.resolve(UnpackedArchive.RECORD);
                Properties p = new Properties();
                try (Reader r = Files.newBufferedReader(record)) {
                    p.load(r);
                }
                assertTrue(p.containsKey("archive.sha256"), p.toString());
                p.setProperty("archive.sha256", "0".repeat(64));
                try (Writer w = Files.newBufferedWriter(record)) {
                    p.store(w, null);
                }
            }
        },
        TRUNCATED_INDEX {
            @Override
            void apply(Path deployment) throws IOException {
                Path index = deployment.resolve(UnpackedArchive.INDEXES).resolve("modules/shop-ejb-1.0.jar.idx");
                byte[] bytes = Files.readAllBytes(index);
                Files.write(index, Arrays.copyOf(bytes, bytes.length / 2));
            }
        },
        MISSING_MODULE_DIRECTORY {
            @Override
            void apply(Path deployment) throws IOException {
                DirectoryTrees.delete(deployment.resolve("modules/shop-web-1.0.war"));
            }
        };

        abstract void apply(Path deployment) throws IOException;
    }

    @ParameterizedTest
    @EnumSource(Damage.class)
    void aDamagedTreeIsUnpackedAfreshAndStillDeploys(Damage damage) throws IOException {
        Path ear = shopEarShowing("one");
        fixture.server().deploy(ear);
        Path marker = dropMarker();
        fixture.restart();
        damage.apply(deploymentDirectory());

        fixture.server().deploy(ear);

        assertFalse(Files.exists(marker), "the damaged tree was taken over");
        assertServes("one");
        assertTrue(Files.isRegularFile(deploymentDirectory().resolve(UnpackedArchive.RECORD)), "the fresh unpacking was not recorded");
    }

    private static void copyClassFile(Class<?> type, Path directory) {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
            Files.copy(in, directory.resolve(type.getSimpleName() + ".class"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
