package dev.isola.appserver.security;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CallerTest {

    @Test
    void aCallerCrossesALinkWithItsGroupsAndRunAsRoles() {
        Caller alice = new Caller("alice", Set.of("staff", "customers"));
        assertEquals("alice\ng customers\ng staff", alice.encode());
        assertEquals(alice, Caller.decode(alice.encode()));
        Caller auditor = Caller.runAs("alice", "auditors");
        assertEquals("alice\nr auditors", auditor.encode());
        assertEquals(auditor, Caller.decode(auditor.encode()));
        Caller spaces = new Caller("b o b", Set.of("r x", "g y"), Set.of("g z"));
        assertEquals(spaces, Caller.decode(spaces.encode()), "a group or role whose name looks like a line's prefix");
        assertEquals(new Caller("bob", Set.of()), Caller.decode("bob"));
        assertNull(Caller.decode(""), "no caller: anonymous");
        assertEquals(new Caller("bob", Set.of("customers", "staff")), Caller.decode("bob\ncustomers\nstaff"),
                "an isolate of an earlier build sends its groups without a prefix");
    }

    @Test
    void aScopeRestoresTheCallerBeforeIt() {
        Caller outer = new Caller("outer", Set.of());
        try (var _ = Callers.enter(outer)) {
            try (var _ = Callers.enter(new Caller("inner", Set.of("r")))) {
                assertTrue(Callers.current().groups().contains("r"));
            }
            assertEquals(outer, Callers.current());
            try (var _ = Callers.enter((Caller) null)) {
                assertNull(Callers.current());
            }
        }
        assertNull(Callers.current());
    }
}
