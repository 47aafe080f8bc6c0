package dev.isola.mvm.isolate;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An amount of memory, written the way JVM flags write it: {@code 64m}, {@code 512k},
 * {@code 2g} or a plain number of bytes.
 *
 * <p>A size can be negative here so that a spec carrying a mistake can be built and then
 * refused by {@link IsolateSpec} with a message naming the field, instead of failing
 * deep inside the launcher.
 */
public record MemorySize(long bytes) implements Comparable<MemorySize> {

    private static final Pattern SYNTAX = Pattern.compile("(-?\\d+)\\s*([kmgt]?)b?", Pattern.CASE_INSENSITIVE);

    public static MemorySize ofBytes(long bytes) {
        return new MemorySize(bytes);
    }

    public static MemorySize ofKilobytes(long kilobytes) {
        return new MemorySize(Math.multiplyExact(kilobytes, 1024L));
    }

    public static MemorySize ofMegabytes(long megabytes) {
        return new MemorySize(Math.multiplyExact(megabytes, 1024L * 1024));
    }

    /**
     * Parses {@code 64m}, {@code 512K}, {@code 1g}, {@code 4096}.
     *
     * @throws IllegalArgumentException naming the text when it is not a size
     */
    public static MemorySize parse(String text) {
        Matcher m = SYNTAX.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a memory size: '" + text + "' (expected e.g. 64m, 512k, 2g or a number of bytes)");
        }
        long value = Long.parseLong(m.group(1));
        long unit = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 1L << 10;
            case "m" -> 1L << 20;
            case "g" -> 1L << 30;
            case "t" -> 1L << 40;
            default -> 1L;
        };
        return new MemorySize(Math.multiplyExact(value, unit));
    }

    /** The value as the JVM's {@code -Xmx}/{@code -Xmn} flags expect it, in the largest exact unit. */
    public String toJvmArgument() {
        if (bytes != 0 && bytes % (1L << 30) == 0) return (bytes >> 30) + "g";
        if (bytes != 0 && bytes % (1L << 20) == 0) return (bytes >> 20) + "m";
        if (bytes != 0 && bytes % (1L << 10) == 0) return (bytes >> 10) + "k";
        return Long.toString(bytes);
    }

    public long megabytes() {
        return bytes >> 20;
    }

    @Override
    public int compareTo(MemorySize other) {
        return Long.compare(bytes, other.bytes);
    }

    @Override
    public String toString() {
        return toJvmArgument();
    }
}
