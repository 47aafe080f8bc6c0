package dev.isola.domains.isolate;

import dev.isola.domains.DomainsRoot;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.config.Member;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.isolate.SpareJitReset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A spare's spec fits a combined domain with the default settings, whether or not its domain drops the warm-up's JIT state. */
class DomainIsolatesTest {

    @TempDir
    Path dir;

    private IsolateSpec defaultCombinedDomain(DomainsRoot root, Image image) {
        return DomainIsolates.spec(DomainConfig.defaults("shop", DomainMode.COMBINED, 0), root.directory("shop"), Member.SERVER, image);
    }

    @Test
    void aSpareKeepsTheJitStateOfItsWarmUpUnlessToldToResetIt() {
        DomainsRoot root = DomainsRoot.at(dir);
        Image image = Image.ofCurrentJvm("test");

        IsolateSpec resetting = DomainIsolates.spareSpec(root, image, Optional.empty(), true);
        IsolateSpec keeping = DomainIsolates.spareSpec(root, image, Optional.empty(), false);

        assertFalse(resetting.systemProperties().containsKey(SpareJitReset.DELAY_PROPERTY), resetting.systemProperties().toString());
        assertEquals("off", keeping.systemProperties().get(SpareJitReset.DELAY_PROPERTY));
        assertEquals(Optional.empty(), resetting.processDifference(defaultCombinedDomain(root, image)));
        assertEquals(Optional.empty(), keeping.processDifference(defaultCombinedDomain(root, image)),
                "the setting concerns the take-over, not the process: a keeping spare still fits the domain");
    }

    @Test
    void systemPropertiesAmongADomainsJvmOptionsBecomeItsIsolatesSystemProperties() {
        DomainsRoot root = DomainsRoot.at(dir);
        Image image = Image.ofCurrentJvm("test");
        DomainConfig shop = DomainConfig.defaults("shop", DomainMode.COMBINED, 0);
        shop = shop.withIsolate(Member.SERVER, shop.settings(Member.SERVER).withJvmOptions(List.of("-Dshop.currency=EUR", "-Xss512k")));

        IsolateSpec spec = DomainIsolates.spec(shop, root.directory("shop"), Member.SERVER, image);

        assertEquals("EUR", spec.systemProperties().get("shop.currency"), spec.systemProperties().toString());
        assertEquals(List.of("-Xss512k"), spec.jvmOptions());
        Optional<String> difference = DomainIsolates.spareSpec(root, image, Optional.empty(), false).processDifference(spec);
        assertTrue(difference.isPresent() && difference.get().startsWith("systemProperties"),
                "a spare was started without the property, so it cannot become this domain's isolate: " + difference);
    }

    @Test
    void aSpareDoesNotFitADomainWithOtherJvmSettings() {
        DomainsRoot root = DomainsRoot.at(dir);
        Image image = Image.ofCurrentJvm("test");
        IsolateSpec roomy = defaultCombinedDomain(root, image).toBuilder().maxHeap(MemorySize.parse("320m")).build();

        Optional<String> difference = DomainIsolates.spareSpec(root, image, Optional.empty(), false).processDifference(roomy);

        assertTrue(difference.isPresent() && difference.get().startsWith("maxHeap"), difference.toString());
    }
}
