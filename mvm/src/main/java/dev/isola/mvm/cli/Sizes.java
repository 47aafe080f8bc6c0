package dev.isola.mvm.cli;

import java.time.Duration;
import java.util.Locale;

/** How listings write sizes and durations: short, fixed units, easy to compare down a column. */
final class Sizes {

    private Sizes() {
    }

    /** Megabytes with one decimal, "41.2M". */
    static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1fM", bytes / (1024.0 * 1024.0));
    }

    /** A heap size as a flag writes it, "64m", or "-" when unknown. */
    static String heap(long bytes) {
        if (bytes <= 0) {
            return "-";
        }
        if (bytes % (1L << 30) == 0) {
            return (bytes >> 30) + "g";
        }
        return bytes % (1L << 20) == 0 ? (bytes >> 20) + "m" : Math.round(bytes / (1024.0 * 1024.0)) + "m";
    }

    /** "1:02:03" or "2:03". */
    static String uptime(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
