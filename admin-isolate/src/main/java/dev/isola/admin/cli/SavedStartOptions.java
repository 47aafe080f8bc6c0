package dev.isola.admin.cli;

import dev.isola.admin.KeptSettingsFile;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The options of {@code bin/appserver start} and {@code demo} that a start was given, kept in the
 * admin isolate's {@code settings.properties} and taken by every later start that does not give
 * them again: an admin isolate started with {@code --port 4949 --restart-limit 2} comes back the
 * same after {@code bin/appserver stop} and a plain {@code bin/appserver start}, as GlassFish's
 * {@code domain.xml} and Open Liberty's {@code server.xml} keep what was set.
 *
 * <p>Saved values are the options' defaults for that domains root (a picocli default value
 * provider), so an option given on the command line still wins, {@code --help} shows what a start
 * would take, and a saved value is converted and checked exactly as a typed one. The file holds
 * one {@code name=value} line per option (the option's name without its dashes); a user may edit
 * it, and a line that is not one of these options or not a value it takes stops the next start
 * with an error naming the file. {@code bin/appserver settings} shows it, {@code --reset} forgets it.
 *
 * <p>Only what describes the server is kept: where the admin listens, its spares and its
 * {@link dev.isola.admin.AdminSettings}. Not kept: the domains root (the file is in it), the
 * password file (a credential's place is given each time, as the environment variable is) and
 * {@code --no-aot-cache} (a diagnosis, not a setting).
 */
final class SavedStartOptions implements CommandLine.IDefaultValueProvider {

    /** The mixins of start and demo whose every option is kept, by their field names there. */
    private static final List<String> KEPT_MIXINS = List.of("spares", "limits");
    /** The options of the {@code where} mixin that are kept. */
    private static final List<String> KEPT_WHERE_OPTIONS = List.of("--host", "--port");

    private final Path file;
    /** Option name (with its dashes) → the value's text, in the file's order. */
    private final Map<String, String> values;
    /** Why the file could not be taken, for the command to report as its error; empty when it could. */
    private final Optional<IllegalArgumentException> unreadable;

    private SavedStartOptions(Path file, Map<String, String> values, Optional<IllegalArgumentException> unreadable) {
        this.file = file;
        this.values = values;
        this.unreadable = unreadable;
    }

    private SavedStartOptions(Path file, Map<String, String> values) {
        this(file, values, Optional.empty());
    }

    /** Nothing saved yet. */
    static SavedStartOptions none(Path file) {
        return new SavedStartOptions(file, Map.of());
    }

    /** A file {@link #read} refused: nothing taken from it, and {@link #requireReadable} says why. */
    static SavedStartOptions unreadable(Path file, IllegalArgumentException why) {
        return new SavedStartOptions(file, Map.of(), Optional.of(why));
    }

    /** @throws IllegalArgumentException why the file could not be taken: a start does not go on without what was kept */
    void requireReadable() {
        if (unreadable.isPresent()) {
            throw unreadable.get();
        }
    }

    /**
     * {@code refusal} (a value out of range, options that do not go together), said to come from
     * the file when it names an option that this start took from there, so that the user knows
     * which line to change.
     */
    IllegalArgumentException blamedFor(IllegalArgumentException refusal, ParseResult given) {
        List<String> fromFile = values.keySet().stream().filter(name -> !given.hasMatchedOption(name))
                .filter(name -> Pattern.compile(Pattern.quote(name) + "(?![a-z-])").matcher(String.valueOf(refusal.getMessage())).find())
                .toList();
        if (fromFile.isEmpty()) {
            return refusal;
        }
        return new IllegalArgumentException(refusal.getMessage() + " (" + String.join(", ", fromFile) + " kept in " + file
                + " by an earlier start; give it again to replace it, or bin/appserver settings --reset)", refusal);
    }

    /** The options of {@code command} (start or demo) that are kept, in the order of their declaration. */
    static List<OptionSpec> keptOptions(CommandSpec command) {
        List<OptionSpec> kept = new ArrayList<>();
        for (OptionSpec option : command.options()) {
            if (KEPT_WHERE_OPTIONS.contains(option.longestName())) {
                kept.add(option);
            }
        }
        for (String mixin : KEPT_MIXINS) {
            CommandSpec spec = command.mixins().get(mixin);
            if (spec == null) {
                throw new IllegalStateException(command.name() + " has no mixin " + mixin);
            }
            kept.addAll(spec.options());
        }
        return kept;
    }

    /**
     * Reads what earlier starts saved for {@code command}; an absent file is nothing saved.
     *
     * @throws IllegalArgumentException naming the file and the line that is not one of the kept options or not a value it takes
     */
    static SavedStartOptions read(Path file, CommandSpec command) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (NoSuchFileException e) {
            return none(file);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": cannot be read: " + e.getMessage(), e);
        }
        List<OptionSpec> kept = keptOptions(command);
        Map<String, String> values = new LinkedHashMap<>();
        for (OptionSpec option : kept) {
            String value = properties.getProperty(key(option));
            if (value != null) {
                values.put(option.longestName(), value.strip());
            }
        }
        for (String name : properties.stringPropertyNames()) {
            if (!values.containsKey("--" + name)) {
                throw new IllegalArgumentException(file + ": '" + name + "' is not an option bin/appserver start keeps (it keeps "
                        + String.join(", ", kept.stream().map(SavedStartOptions::key).toList()) + ")");
            }
        }
        SavedStartOptions saved = new SavedStartOptions(file, values);
        saved.checkAgainst(command);
        return saved;
    }

    /** Each saved value parsed by the option it is for, alone, so that a bad one is reported as the file's, not as something typed. */
    private void checkAgainst(CommandSpec command) {
        Object fresh = newInstanceOf(command);
        try {
            new CommandLine(fresh).parseArgs(arguments().toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage() + " (kept by an earlier start; give the option again to replace it,"
                    + " or bin/appserver settings --reset)", e);
        }
    }

    private static Object newInstanceOf(CommandSpec command) {
        try {
            var constructor = command.userObject().getClass().getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a " + command.name() + " command to check saved options with", e);
        }
    }

    /** The saved options as command line arguments (a boolean as {@code --name=true}). */
    List<String> arguments() {
        List<String> arguments = new ArrayList<>();
        values.forEach((name, value) -> arguments.add(name + "=" + value));
        return arguments;
    }

    @Override
    public String defaultValue(ArgSpec argument) {
        return argument instanceof OptionSpec option ? values.get(option.longestName()) : null;
    }

    Path file() {
        return file;
    }

    /** Option name → saved text, in the file's order. */
    Map<String, String> values() {
        return Map.copyOf(values);
    }

    boolean isEmpty() {
        return values.isEmpty();
    }

    /** The saved options this start took because they were not given, as {@code --name value} texts. */
    List<String> used(ParseResult given) {
        List<String> used = new ArrayList<>();
        values.forEach((name, value) -> {
            if (!given.hasMatchedOption(name)) {
                used.add(name + " " + value);
            }
        });
        return used;
    }

    /**
     * What is saved once the kept options given to this start are added (replacing what was saved for them).
     *
     * @return empty when none of the kept options was given
     */
    Optional<SavedStartOptions> with(ParseResult given) {
        Map<String, String> merged = new LinkedHashMap<>();
        boolean changed = false;
        for (OptionSpec option : keptOptions(given.commandSpec())) {
            String name = option.longestName();
            if (given.hasMatchedOption(name)) {
                merged.put(name, String.valueOf((Object) given.matchedOptionValue(name, null)));
                changed = true;
            } else if (values.containsKey(name)) {
                merged.put(name, values.get(name));
            }
        }
        return changed ? Optional.of(new SavedStartOptions(file, merged)) : Optional.empty();
    }

    /** Writes the file whole (a temporary file moved over it), so that a start that reads it never sees half of it. */
    void write() {
        Map<String, String> lines = new LinkedHashMap<>();
        values.forEach((name, value) -> lines.put(name.substring(2), value));
        KeptSettingsFile.write(file, lines);
    }

    /** Forgets what was saved: the next start takes the built-in defaults for every option it is not given. */
    boolean delete() {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file, e);
        }
    }

    private static String key(OptionSpec option) {
        return option.longestName().substring(2);
    }
}
