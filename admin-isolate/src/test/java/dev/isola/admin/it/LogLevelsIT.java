package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.deploytool.ExitCodes;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.testapp.TestEars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code deploy-tool set-log-levels} against a real admin isolate and a running combined
 * domain: a logger set to DEBUG writes its debug lines at once, without a restart (the
 * deployer's, which says at each deployment whether it unpacks the archive), keeps its level
 * across the domain's restart, and is quiet again once back at its default; bad levels and
 * names are refused with nothing changed.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LogLevelsIT {

    private static final String DEPLOYER = "dev.isola.appserver.deploy";
    /** What the deployer logs at DEBUG each time it deploys the application ({@code UnpackedArchive}). */
    private static final String DEBUG_LINE = "DEBUG [shop/shop] dev.isola.appserver.deploy.UnpackedArchive: application orders: ";

    private static AdminFixture admin;
    private static Path ear;
    private static Path log;

    @BeforeAll
    static void aRunningDomainWithAnApplication() throws Exception {
        admin = AdminFixture.start();
        ear = TestEars.orders(admin.work(), "orders.ear");
        admin.createAndDeploy("shop", ear);
        log = admin.domainsRoot().resolve("shop/logs/shop.log");
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (admin != null) {
            admin.close();
        }
    }

    private static long debugLines() throws IOException {
        return Files.readAllLines(log).stream().filter(line -> line.contains(DEBUG_LINE)).count();
    }

    private static void redeploy() {
        AdminFixture.ToolRun redeployed = admin.deployTool("redeploy", "--domain", "shop", "--name", "orders");
        assertEquals(0, redeployed.exitCode(), redeployed.toString());
    }

    @Test
    @Order(1)
    void atTheDefaultsTheDeployerWritesNoDebugLines() throws IOException {
        AdminFixture.ToolRun listed = admin.deployTool("list-log-levels", "--domain", "shop");
        assertEquals(0, listed.exitCode(), listed.toString());
        assertEquals("Every logger of domain shop is at its default level (root: INFO).", listed.out().strip());

        redeploy();

        assertEquals(0, debugLines(), "debug lines at the default INFO");
    }

    @Test
    @Order(2)
    void aLoggerSetToDebugWritesItsDebugLinesInTheRunningIsolate() throws Exception {
        AdminFixture.ToolRun set = admin.deployTool("set-log-levels", "--domain", "shop", DEPLOYER + "=debug");

        assertEquals(0, set.exitCode(), set.toString());
        assertTrue(set.out().contains("changed logLevels." + DEPLOYER + ": FINE (added)"), set.out());
        assertTrue(set.out().contains("Set in the running isolates (shop) and from their next start on."), set.out());
        JsonNode answer = admin.json("/api/domains/shop/log-levels");
        assertEquals("FINE", answer.path("levels").path(DEPLOYER).asText(), answer.toString());
        assertEquals("FINE", JsonFiles.MAPPER.readTree(admin.domainsRoot().resolve("shop/config/domain.json").toFile())
                .path("logLevels").path(DEPLOYER).asText(), "kept in the configuration");

        redeploy();

        assertEquals(1, debugLines(), "the redeployment's debug line, with no restart");
    }

    @Test
    @Order(3)
    void badLevelsAndNamesAreRefusedAndChangeNothing() throws Exception {
        AdminFixture.ToolRun loud = admin.deployTool("set-log-levels", "--domain", "shop", "org.example=LOUD");
        assertEquals(ExitCodes.REJECTED, loud.exitCode(), loud.toString());
        assertTrue(loud.err().contains("logLevels.org.example: 'LOUD' is not a level (SEVERE, WARNING, INFO"), loud.err());

        AdminFixture.ToolRun name = admin.deployTool("set-log-levels", "--domain", "shop", "org..example=FINE");
        assertEquals(ExitCodes.REJECTED, name.exitCode(), name.toString());
        assertTrue(name.err().contains("'org..example' is not a logger name"), name.err());

        AdminFixture.ToolRun noLevel = admin.deployTool("set-log-levels", "--domain", "shop", "org.example");
        assertEquals(ExitCodes.USAGE, noLevel.exitCode(), noLevel.toString());
        assertTrue(noLevel.err().contains("'org.example' is not LOGGER=LEVEL"), noLevel.err());

        AdminFixture.ToolRun nowhere = admin.deployTool("set-log-levels", "--domain", "nowhere", "org.example=FINE");
        assertEquals(ExitCodes.REJECTED, nowhere.exitCode(), nowhere.toString());

        assertEquals("{\"" + DEPLOYER + "\":\"FINE\"}", admin.json("/api/domains/shop/log-levels").path("levels").toString(), "unchanged");
    }

    @Test
    @Order(4)
    void theLevelHoldsAcrossARestartAndTheDefaultQuietsItAgain() throws Exception {
        AdminFixture.ToolRun restarted = admin.deployTool("restart-domain", "shop");
        assertEquals(0, restarted.exitCode(), restarted.toString());
        long afterRestart = debugLines();
        assertTrue(afterRestart >= 2, "the restarted isolate deploys the application at DEBUG from its start: " + afterRestart);

        AdminFixture.ToolRun back = admin.deployTool("set-log-levels", "--domain", "shop", DEPLOYER + "=default");
        assertEquals(0, back.exitCode(), back.toString());
        assertTrue(back.out().contains("Every logger of domain shop is at its default level"), back.out());
        redeploy();

        assertEquals(afterRestart, debugLines(), "no debug line once the logger is back at its default");
        assertEquals("{}", admin.json("/api/domains/shop/log-levels").path("levels").toString());
    }
}
