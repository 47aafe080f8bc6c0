package dev.isola.appserver.security;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CallerTest {

    @Test
    void aCallerCrossesALinkWithItsRoles() {
        Caller alice = new Caller("alice", Set.of("staff", "customers"));
        assertEquals("alice\ncustomers\nstaff", alice.encode());
        assertEquals(alice, Caller.decode(alice.encode()));
        assertEquals(new Caller("bob", Set.of()), Caller.decode("bob"));
        assertNull(Caller.decode(""), "no caller: anonymous");
    }

    @Test
    void aScopeRestoresTheCallerBeforeIt() {
        Caller outer = new Caller("outer", Set.of());
        try (var _ = Callers.enter(outer)) {
            try (var _ = Callers.enter(new Caller("inner", Set.of("r")))) {
                assertTrue(Callers.current().isInRole("r"));
            }
            assertEquals(outer, Callers.current());
            try (var _ = Callers.enter((Caller) null)) {
                assertNull(Callers.current());
            }
        }
        assertNull(Callers.current());
    }
}
