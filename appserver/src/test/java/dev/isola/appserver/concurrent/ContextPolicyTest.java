package dev.isola.appserver.concurrent;

import dev.isola.appserver.concurrent.ContextPolicy.Treatment;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What a {@code @ContextServiceDefinition}'s three lists make of each kind of context. */
class ContextPolicyTest {

    private static ContextPolicy of(String[] propagated, String[] cleared, String[] unchanged) {
        return ContextPolicy.of(propagated, cleared, unchanged);
    }

    @Test
    void theSpecificationsDefaultListsAreTheDefaultPolicy() {
        assertEquals(ContextPolicy.DEFAULT, of(new String[] {"Remaining"}, new String[] {"Transaction"}, new String[0]));
    }

    @Test
    void remainingTakesWhatNoListNames() {
        assertEquals(new ContextPolicy(Treatment.PROPAGATED, Treatment.CLEARED, Treatment.UNCHANGED),
                of(new String[] {"Application"}, new String[] {"Remaining"}, new String[] {"Transaction"}));
        assertEquals(new ContextPolicy(Treatment.UNCHANGED, Treatment.UNCHANGED, Treatment.CLEARED),
                of(new String[0], new String[] {"Transaction"}, new String[0]), "without Remaining, what no list names is left as it is");
    }

    @Test
    void listsThatCannotBeHonouredAreRefusedNamingTheType() {
        assertEquals("context type \"Security\" is both propagated and cleared",
                assertThrows(IllegalArgumentException.class, () -> of(new String[] {"Security"}, new String[] {"Security"}, new String[0])).getMessage());
        assertEquals("context type \"CDI\" is not one this server has (it has Application, Security, Transaction)",
                assertThrows(IllegalArgumentException.class, () -> of(new String[] {"CDI"}, new String[0], new String[0])).getMessage());
        assertEquals("\"Remaining\" is in two lists",
                assertThrows(IllegalArgumentException.class, () -> of(new String[] {"Remaining"}, new String[] {"Remaining"}, new String[0])).getMessage());
        String transaction = assertThrows(IllegalArgumentException.class, () -> of(new String[] {"Remaining"}, new String[0], new String[0])).getMessage();
        assertEquals("propagating the transaction context is not supported: a transaction belongs to one thread here "
                + "(clear it, the default, or leave it unchanged)", transaction);
    }
}
