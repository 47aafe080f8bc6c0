package dev.isola.appserver.web;

import dev.isola.mvm.isolate.MemorySize;
import java.io.CharArrayWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.catalina.valves.AccessLogValve;

/**
 * A web sub-server's HTTP access log: a line per request, in the pattern language of Tomcat's
 * access log valve ({@code common}, {@code combined}, or codes such as {@code %h %t "%r" %s %b %D}),
 * written to {@code <directory>/<prefix>.<yyyy-MM-dd>.log}, a new file each day, the files of
 * days more than {@code maxDays} ago removed. With a {@code maxFileSize}, a file that is full
 * within its day becomes {@code <prefix>.<yyyy-MM-dd>.001.log}, {@code .002.log}, ... and the day
 * goes on in a new live file (see {@code SizeRotatingAccessLogValve}).
 *
 * <p>Tomcat's valve rather than one of ours: its pattern language and its daily files are what
 * log analysers and Tomcat users expect. Lines are buffered and written out every few seconds
 * by Tomcat's background thread (and when the server stops), so a busy domain does not pay a
 * write per request.
 *
 * @param directory   where the files go (a domain's {@code logs/})
 * @param prefix      the start of every file name, e.g. {@code shop-access}
 * @param pattern     what each line holds, checked by {@link #checkPattern}
 * @param maxDays     how many days of files are kept, at least 1
 * @param maxFileSize how large a file grows before the next one of its day starts, checked by
 *                    {@link #checkMaxFileSize}; {@link #NO_SIZE_LIMIT}: a file per day, however large
 */
public record AccessLog(Path directory, String prefix, String pattern, int maxDays, MemorySize maxFileSize) {

    public static final String DEFAULT_PATTERN = "combined";
    public static final int DEFAULT_MAX_DAYS = 14;
    public static final MemorySize NO_SIZE_LIMIT = MemorySize.ofBytes(0);
    /**
     * The smallest size limit. Open Liberty counts its {@code maxFileSize} in megabytes, so 1 MB
     * is its smallest too; below it a busy domain would start a file every few seconds, thousands
     * a day, each kept {@code maxDays}, which is more likely a slip of the unit ({@code 100k} for
     * {@code 100m}) than a wish.
     */
    public static final MemorySize MIN_FILE_SIZE = MemorySize.ofMegabytes(1);
    /** The aliases Tomcat's valve knows for whole patterns. */
    private static final List<String> NAMED_PATTERNS = List.of("common", "combined");

    public AccessLog {
        Objects.requireNonNull(directory, "directory");
        if (prefix == null || prefix.isBlank()) {
            throw new IllegalArgumentException("an access log needs a file name prefix");
        }
        checkPattern(pattern);
        checkMaxDays(maxDays);
        checkMaxFileSize(maxFileSize);
    }

    /**
     * Checks an access log pattern with Tomcat's own parser, which would otherwise write
     * {@code ???X???} into every line for a code it does not know.
     *
     * @throws IllegalArgumentException naming the codes Tomcat does not know
     */
    public static void checkPattern(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw new IllegalArgumentException("must not be blank: common, combined, or codes such as %h %t \"%r\" %s %b %D");
        }
        if (NAMED_PATTERNS.contains(pattern)) {
            // The default: no Tomcat valve to build (and no Tomcat classes to load) in every configuration read.
            return;
        }
        List<String> unknown = new ParsedPattern(pattern).unknownCodes();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("'" + pattern + "' has " + (unknown.size() == 1 ? "a code" : "codes")
                    + " Tomcat's access log does not know: " + String.join(", ", unknown)
                    + " (common, combined, or codes such as %h %l %u %t \"%r\" %s %b %D %{User-Agent}i)");
        }
    }

    public static void checkMaxDays(int maxDays) {
        if (maxDays < 1) {
            throw new IllegalArgumentException(maxDays + " days: the access log keeps at least one day (the current one)");
        }
    }

    /**
     * Checks a size limit: none ({@link #NO_SIZE_LIMIT}) or at least {@link #MIN_FILE_SIZE}.
     *
     * @throws IllegalArgumentException naming the size and the smallest one taken
     */
    public static void checkMaxFileSize(MemorySize maxFileSize) {
        Objects.requireNonNull(maxFileSize, "maxFileSize");
        if (maxFileSize.bytes() != 0 && maxFileSize.compareTo(MIN_FILE_SIZE) < 0) {
            throw new IllegalArgumentException(maxFileSize + " is below the smallest file size of " + MIN_FILE_SIZE
                    + " (0 for no size limit: a file per day)");
        }
    }

    /** The valve that writes this log, for the host's pipeline: it sees every request, also those for a path no module serves. */
    AccessLogValve valve() {
        AccessLogValve valve = maxFileSize.equals(NO_SIZE_LIMIT) ? new AccessLogValve() : new SizeRotatingAccessLogValve(maxFileSize.bytes());
        valve.setDirectory(directory.toAbsolutePath().toString());
        valve.setPrefix(prefix); // Tomcat puts the dot before the date itself
        valve.setSuffix(".log");
        valve.setPattern(pattern);
        valve.setMaxDays(maxDays);
        valve.setEncoding(StandardCharsets.UTF_8.name());
        return valve;
    }

    /** Tomcat's parse of a pattern, asked which of its parts stand for a code it does not know. */
    private static final class ParsedPattern extends AccessLogValve {
        ParsedPattern(String pattern) {
            setPattern(pattern); // parses it into logElements
        }

        List<String> unknownCodes() {
            List<String> unknown = new ArrayList<>();
            for (AccessLogElement element : logElements) {
                if (element instanceof StringElement text) {
                    // Literal text is written as given; an unknown code becomes "???X???", which is how it is told apart.
                    CharArrayWriter written = new CharArrayWriter();
                    text.addElement(written, null, null, null, 0);
                    String literal = written.toString();
                    int at = literal.indexOf("???");
                    while (at >= 0 && literal.indexOf("???", at + 3) > at) {
                        int end = literal.indexOf("???", at + 3);
                        unknown.add("%" + literal.substring(at + 3, end));
                        at = literal.indexOf("???", end + 3);
                    }
                }
            }
            return unknown;
        }
    }
}
