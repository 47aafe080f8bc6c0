package dev.isola.appserver.ejb;

import jakarta.ejb.ScheduleExpression;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A calendar-based timer expression (Enterprise Beans 4.0, section 13.3.7) compiled for
 * finding the next time it matches. Supported syntax: single values, "*", lists (","),
 * ranges ("-"), increments ("x/y", "*&#47;y") for second, minute and hour; month and weekday
 * names; "Last" and negative offsets ("-3") for the day of the month; a time zone; start and
 * end dates. When both day of month and day of week are restricted, either may match, as the
 * specification says.
 */
final class CalendarSchedule {

    private static final Map<String, Integer> MONTHS = Map.ofEntries(Map.entry("jan", 1), Map.entry("feb", 2), Map.entry("mar", 3),
            Map.entry("apr", 4), Map.entry("may", 5), Map.entry("jun", 6), Map.entry("jul", 7), Map.entry("aug", 8), Map.entry("sep", 9),
            Map.entry("oct", 10), Map.entry("nov", 11), Map.entry("dec", 12));
    private static final Map<String, Integer> DAYS = Map.of("sun", 0, "mon", 1, "tue", 2, "wed", 3, "thu", 4, "fri", 5, "sat", 6);
    private static final int YEARS_AHEAD = 100;

    private final BitSet seconds;
    private final BitSet minutes;
    private final BitSet hours;
    private final BitSet months;
    private final BitSet weekdays;
    private final boolean anyWeekday;
    private final List<String> dayOfMonth;
    private final boolean anyDayOfMonth;
    private final BitSet years;
    private final boolean anyYear;
    private final ZoneId zone;
    private final Instant start;
    private final Instant end;
    private final String text;

    CalendarSchedule(ScheduleExpression e) {
        this.text = e.toString();
        this.seconds = field("second", e.getSecond(), 0, 59, Map.of(), true);
        this.minutes = field("minute", e.getMinute(), 0, 59, Map.of(), true);
        this.hours = field("hour", e.getHour(), 0, 23, Map.of(), true);
        this.months = field("month", e.getMonth(), 1, 12, MONTHS, false);
        this.anyWeekday = e.getDayOfWeek().trim().equals("*");
        BitSet wd = field("dayOfWeek", e.getDayOfWeek(), 0, 7, DAYS, false);
        if (wd.get(7)) {
            wd.set(0);
        }
        this.weekdays = wd;
        this.anyDayOfMonth = e.getDayOfMonth().trim().equals("*");
        this.dayOfMonth = List.of(e.getDayOfMonth().trim().split("\\s*,\\s*"));
        for (String d : dayOfMonth) {
            validateDayOfMonth(d);
        }
        this.anyYear = e.getYear().trim().equals("*");
        this.years = anyYear ? new BitSet() : field("year", e.getYear(), 1970, 9999, Map.of(), false);
        this.zone = e.getTimezone() == null || e.getTimezone().isBlank() ? ZoneId.systemDefault() : ZoneId.of(e.getTimezone());
        this.start = e.getStart() == null ? null : e.getStart().toInstant();
        this.end = e.getEnd() == null ? null : e.getEnd().toInstant();
    }

    /** The first matching instant strictly after {@code after}, or null if there is none. */
    Instant next(Instant after) {
        Instant from = start != null && start.isAfter(after) ? start.minusSeconds(1) : after;
        ZonedDateTime t = from.atZone(zone).truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        int lastYear = t.getYear() + YEARS_AHEAD;
        while (t.getYear() <= lastYear) {
            if (!anyYear && !years.get(t.getYear())) {
                t = t.plusYears(1).withDayOfYear(1).truncatedTo(ChronoUnit.DAYS);
            } else if (!months.get(t.getMonthValue())) {
                t = t.plusMonths(1).withDayOfMonth(1).truncatedTo(ChronoUnit.DAYS);
            } else if (!dayMatches(t)) {
                t = t.plusDays(1).truncatedTo(ChronoUnit.DAYS);
            } else if (!hours.get(t.getHour())) {
                t = t.plusHours(1).truncatedTo(ChronoUnit.HOURS);
            } else if (!minutes.get(t.getMinute())) {
                t = t.plusMinutes(1).truncatedTo(ChronoUnit.MINUTES);
            } else if (!seconds.get(t.getSecond())) {
                t = t.plusSeconds(1);
            } else {
                Instant found = t.toInstant();
                return end != null && found.isAfter(end) ? null : found;
            }
        }
        return null;
    }

    private boolean dayMatches(ZonedDateTime t) {
        boolean weekday = weekdays.get(t.getDayOfWeek() == DayOfWeek.SUNDAY ? 0 : t.getDayOfWeek().getValue());
        boolean monthDay = dayOfMonthMatches(t);
        if (!anyWeekday && !anyDayOfMonth) {
            return weekday || monthDay;
        }
        return weekday && monthDay;
    }

    private boolean dayOfMonthMatches(ZonedDateTime t) {
        if (anyDayOfMonth) {
            return true;
        }
        int last = t.with(TemporalAdjusters.lastDayOfMonth()).getDayOfMonth();
        int day = t.getDayOfMonth();
        for (String d : dayOfMonth) {
            int dash = d.indexOf('-', 1);
            if (dash > 0) {
                int from = dayValue(d.substring(0, dash), last);
                int to = dayValue(d.substring(dash + 1), last);
                if (day >= from && day <= to) {
                    return true;
                }
            } else if (dayValue(d, last) == day) {
                return true;
            }
        }
        return false;
    }

    private static int dayValue(String s, int lastDay) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        if (v.equals("last")) {
            return lastDay;
        }
        int n = Integer.parseInt(v);
        return n < 0 ? lastDay + n : n;
    }

    private static void validateDayOfMonth(String d) {
        if (d.equals("*")) {
            return;
        }
        int dash = d.indexOf('-', 1);
        for (String part : dash > 0 ? new String[] {d.substring(0, dash), d.substring(dash + 1)} : new String[] {d}) {
            String v = part.trim().toLowerCase(Locale.ROOT);
            if (v.equals("last")) {
                continue;
            }
            try {
                int n = Integer.parseInt(v);
                if (n < -7 || n > 31 || n == 0) {
                    throw new IllegalArgumentException("dayOfMonth value out of range: '" + d + "'");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("dayOfMonth: cannot read '" + d + "' (expected 1-31, -7..-1, Last, ranges or lists)");
            }
        }
    }

    private static BitSet field(String name, String expression, int min, int max, Map<String, Integer> names, boolean increments) {
        BitSet set = new BitSet();
        String expr = expression.trim();
        if (expr.equals("*")) {
            set.set(min, max + 1);
            return set;
        }
        for (String raw : expr.split("\\s*,\\s*")) {
            String part = raw.trim();
            int slash = part.indexOf('/');
            if (slash >= 0) {
                if (!increments) {
                    throw new IllegalArgumentException(name + ": increments are not allowed: '" + expression + "'");
                }
                String base = part.substring(0, slash);
                int from = base.equals("*") ? min : value(name, base, min, max, names);
                int step = Integer.parseInt(part.substring(slash + 1));
                if (step <= 0) {
                    throw new IllegalArgumentException(name + ": increment must be positive: '" + expression + "'");
                }
                for (int v = from; v <= max; v += step) {
                    set.set(v);
                }
                continue;
            }
            int dash = part.indexOf('-', 1);
            if (dash > 0) {
                int from = value(name, part.substring(0, dash), min, max, names);
                int to = value(name, part.substring(dash + 1), min, max, names);
                if (from <= to) {
                    set.set(from, to + 1);
                } else {
                    set.set(from, max + 1);
                    set.set(min, to + 1);
                }
            } else {
                set.set(value(name, part, min, max, names));
            }
        }
        return set;
    }

    private static int value(String name, String s, int min, int max, Map<String, Integer> names) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        Integer named = names.get(v.length() > 3 ? v.substring(0, 3) : v);
        int n;
        if (named != null) {
            n = named;
        } else {
            try {
                n = Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + ": cannot read '" + s + "'");
            }
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException(name + ": " + n + " is outside " + min + "-" + max);
        }
        return n;
    }

    @Override
    public String toString() {
        return text;
    }
}
