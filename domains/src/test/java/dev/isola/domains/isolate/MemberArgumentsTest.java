package dev.isola.domains.isolate;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A domain isolate's arguments: read in either form and order, and every malformed line refused naming what is wrong. */
class MemberArgumentsTest {

    @Test
    void readsBothOptionsInEitherOrderAndForm() {
        MemberArguments expected = new MemberArguments(Path.of("/var/domains/crm"), "ejb");
        assertEquals(expected, MemberArguments.parse("--domain-dir", "/var/domains/crm", "--member", "ejb"));
        assertEquals(expected, MemberArguments.parse("--member=ejb", "--domain-dir=/var/domains/crm"));
        assertEquals(expected, MemberArguments.parse(expected.toArguments().toArray(String[]::new)));
    }

    @Test
    void refusesWhatIsNotADomainIsolatesLineNamingTheProblem() {
        assertRefused("missing option --member", "--domain-dir", "/d");
        assertRefused("missing option --domain-dir", "--member", "server");
        assertRefused("unknown argument '--port'", "--domain-dir", "/d", "--member", "server", "--port", "8080");
        assertRefused("unknown argument 'server'", "--domain-dir", "/d", "server");
        assertRefused("option --member needs a value", "--domain-dir", "/d", "--member");
        assertRefused("option --member needs a value", "--domain-dir", "/d", "--member=");
        assertRefused("option --member is given twice", "--domain-dir", "/d", "--member", "web", "--member=ejb");
    }

    private static void assertRefused(String reason, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MemberArguments.parse(args));
        assertTrue(e.getMessage().startsWith(reason), e.getMessage());
        assertTrue(e.getMessage().endsWith(MemberArguments.USAGE), e.getMessage());
    }
}
