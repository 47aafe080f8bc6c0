package dev.isola.petstore.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlScriptTest {

    @Test
    void splitsOnSemicolonsOutsideStringsAndDropsComments() {
        SqlScript script = SqlScript.parse("t.sql", """
                -- a comment; with a semicolon
                CREATE TABLE t (a VARCHAR(20)); -- trailing comment
                INSERT INTO t VALUES ('semi;colon'), ('it''s -- not a comment');
                """);
        assertEquals(List.of("CREATE TABLE t (a VARCHAR(20))",
                "INSERT INTO t VALUES ('semi;colon'), ('it''s -- not a comment')"), script.statements());
    }

    @Test
    void rejectsAnUnclosedStringLiteralNamingItsLine() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> SqlScript.parse("broken.sql", "SELECT 1 FROM t;\nINSERT INTO t VALUES ('open);\n"));
        assertTrue(error.getMessage().contains("broken.sql"), error.getMessage());
        assertTrue(error.getMessage().contains("line 2"), error.getMessage());
    }

    @Test
    void rejectsAStatementWithoutTerminator() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> SqlScript.parse("tail.sql", "SELECT 1 FROM t;\nSELECT 2 FROM t\n"));
        assertTrue(error.getMessage().contains("SELECT 2 FROM t"), error.getMessage());
    }

    @Test
    void loadsTheShippedScripts() {
        for (String name : DatabaseSchema.SCRIPTS) {
            SqlScript script = SqlScript.load(DatabaseSchema.class, name);
            assertTrue(!script.statements().isEmpty(), name + " has statements");
        }
    }

    @Test
    void namesAMissingScript() {
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> SqlScript.load(DatabaseSchema.class, "absent.sql"));
        assertTrue(error.getMessage().contains("absent.sql"), error.getMessage());
    }
}
