package dev.isola.petstore.setup;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * An SQL script split into statements: statements end with {@code ;}, {@code --} starts a
 * comment to the end of the line, and neither counts inside a quoted string literal
 * ({@code 'it''s'}).
 */
public record SqlScript(String name, List<String> statements) {

    public SqlScript {
        statements = List.copyOf(statements);
    }

    /** Reads the script {@code name} beside {@code anchor} on the class path. */
    public static SqlScript load(Class<?> anchor, String name) {
        try (InputStream in = anchor.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("SQL script '" + name + "' is missing beside "
                        + anchor.getName() + " on the class path");
            }
            return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read SQL script '" + name + "'", e);
        }
    }

    /**
     * Splits {@code text}; {@code name} names the script in errors.
     *
     * @throws IllegalArgumentException if a string literal is not closed, or text follows the last {@code ;}
     */
    public static SqlScript parse(String name, String text) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inString = false;
        int line = 1;
        int stringStartLine = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
            }
            if (inString) {
                current.append(c);
                if (c == '\'') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '\'') {
                        current.append('\'');
                        i++;
                    } else {
                        inString = false;
                    }
                }
            } else if (c == '\'') {
                inString = true;
                stringStartLine = line;
                current.append(c);
            } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
                while (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
                    i++;
                }
            } else if (c == ';') {
                String statement = current.toString().strip();
                if (!statement.isEmpty()) {
                    statements.add(statement);
                }
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        if (inString) {
            throw new IllegalArgumentException("SQL script '" + name + "': the string literal opened on line "
                    + stringStartLine + " is never closed");
        }
        if (!current.toString().isBlank()) {
            throw new IllegalArgumentException("SQL script '" + name + "': the last statement does not end with ';': "
                    + current.toString().strip());
        }
        return new SqlScript(name, statements);
    }
}
