package dev.isola.domains.isolate;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a domain isolate is started with: {@code --domain-dir <directory> --member <member>}
 * (each also as {@code --option=value}).
 *
 * <p>Parsed by hand rather than with picocli, which the user-facing commands use: picocli's
 * classes are Java 5 class files, which HotSpot's AOT cache does not take, so every domain start
 * loaded and verified 164 of them from the JAR (~7 % of its main thread) only to read two options
 * that the admin isolate's supervisor writes.
 *
 * @param domainDirectory the domain's directory
 * @param member          {@code server} (combined domain), {@code web}, {@code ejb} or {@code jms}; checked by {@code Member.of}
 */
public record MemberArguments(Path domainDirectory, String member) {

    static final String USAGE = "usage: DomainMain --domain-dir <directory> --member <server|web|ejb|jms>";
    private static final List<String> OPTIONS = List.of("--domain-dir", "--member");

    /** @throws IllegalArgumentException naming the unknown, repeated, valueless or missing option */
    public static MemberArguments parse(String... args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int equals = arg.indexOf('=');
            String option = equals < 0 ? arg : arg.substring(0, equals);
            if (!OPTIONS.contains(option)) {
                throw new IllegalArgumentException("unknown argument '" + arg + "'; " + USAGE);
            }
            String value;
            if (equals >= 0) {
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new IllegalArgumentException("option " + option + " needs a value; " + USAGE);
            }
            if (value.isEmpty()) {
                throw new IllegalArgumentException("option " + option + " needs a value; " + USAGE);
            }
            if (values.putIfAbsent(option, value) != null) {
                throw new IllegalArgumentException("option " + option + " is given twice; " + USAGE);
            }
        }
        for (String option : OPTIONS) {
            if (!values.containsKey(option)) {
                throw new IllegalArgumentException("missing option " + option + "; " + USAGE);
            }
        }
        return new MemberArguments(Path.of(values.get("--domain-dir")), values.get("--member"));
    }

    /** The arguments that {@link #parse} reads back as this. */
    public List<String> toArguments() {
        return List.of("--domain-dir", domainDirectory.toString(), "--member", member);
    }
}
