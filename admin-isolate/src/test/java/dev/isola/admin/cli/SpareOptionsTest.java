package dev.isola.admin.cli;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bin/appserver start --spare-isolates N --freeze-spares --reset-spare-jit-state}: what is refused before an admin isolate starts, and why. */
class SpareOptionsTest {

    @TempDir
    Path dir;

    @AfterEach
    void forgetCriu() {
        System.clearProperty("mvm.criu");
    }

    private static AppServerMain.Spares spares(int count, boolean freeze) {
        AppServerMain.Spares spares = new AppServerMain.Spares();
        spares.count = count;
        spares.freeze = freeze;
        return spares;
    }

    @Test
    void freezingNeedsSparesToFreeze() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> spares(0, true).check());

        assertTrue(none.getMessage().contains("--freeze-spares needs --spare-isolates 1 or more"), none.getMessage());
    }

    @Test
    void resettingTheSparesJitStateNeedsSpares() {
        AppServerMain.Spares none = spares(0, false);
        none.resetJitState = true;

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, none::check);

        assertTrue(refused.getMessage().contains("--reset-spare-jit-state needs --spare-isolates 1 or more"), refused.getMessage());
        AppServerMain.Spares one = spares(1, false);
        one.resetJitState = true;
        assertDoesNotThrow(one::check);
    }

    @Test
    void freezingWithoutCriuSaysWhatIsMissingAndHowToGetIt() {
        System.setProperty("mvm.criu", dir.resolve("criu").toString());

        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> spares(1, true).check());

        assertTrue(missing.getMessage().startsWith("--freeze-spares: freezing isolates needs CRIU 4 or later"), missing.getMessage());
        assertTrue(missing.getMessage().contains("bin/install-criu"), missing.getMessage());
    }

    @Test
    void sparesInMemoryNeedNoCriu() {
        System.setProperty("mvm.criu", dir.resolve("criu").toString());

        assertDoesNotThrow(() -> spares(1, false).check());
    }
}
