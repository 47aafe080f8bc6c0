package dev.isola.appserver.ejb;

import jakarta.ejb.ScheduleExpression;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZonedDateTime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CalendarScheduleTest {

    private static Instant next(ScheduleExpression e, String after) {
        return new CalendarSchedule(e.timezone("UTC")).next(ZonedDateTime.parse(after).toInstant());
    }

    private static Instant at(String time) {
        return ZonedDateTime.parse(time).toInstant();
    }

    @Test
    void defaultsMeanMidnightEveryDay() {
        assertEquals(at("2030-01-02T00:00:00Z"), next(new ScheduleExpression(), "2030-01-01T00:00:00Z"));
    }

    @Test
    void incrementsListsAndRanges() {
        ScheduleExpression every15 = new ScheduleExpression().hour("*").minute("*").second("*/15");
        assertEquals(at("2030-01-01T10:00:15Z"), next(every15, "2030-01-01T10:00:00Z"));
        ScheduleExpression office = new ScheduleExpression().hour("9-17").minute("0,30").dayOfWeek("Mon-Fri");
        assertEquals(at("2030-01-07T09:00:00Z"), next(office, "2030-01-04T17:30:00Z"), "Friday 17:30 -> Monday 09:00");
    }

    @Test
    void lastAndNegativeDaysOfMonth() {
        assertEquals(at("2030-02-28T00:00:00Z"), next(new ScheduleExpression().dayOfMonth("Last"), "2030-02-01T00:00:00Z"));
        assertEquals(at("2030-02-26T00:00:00Z"), next(new ScheduleExpression().dayOfMonth("-2"), "2030-02-01T00:00:00Z"));
    }

    @Test
    void dayOfMonthOrDayOfWeekWhenBothAreRestricted() {
        ScheduleExpression e = new ScheduleExpression().dayOfMonth("15").dayOfWeek("Sun");
        assertEquals(at("2030-01-06T00:00:00Z"), next(e, "2030-01-01T00:00:00Z"), "the first Sunday comes before the 15th");
    }

    @Test
    void yearsAndEndBoundNoMoreTimeouts() {
        assertNull(next(new ScheduleExpression().year("2029"), "2030-01-01T00:00:00Z"));
        assertEquals(at("2031-03-01T00:00:00Z"), next(new ScheduleExpression().year("2031").month("Mar").dayOfMonth("1"), "2030-01-01T00:00:00Z"));
    }

    @Test
    void badValuesNameTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CalendarSchedule(new ScheduleExpression().hour("25")));
        assertEquals("hour: 25 is outside 0-23", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new CalendarSchedule(new ScheduleExpression().month("1/2")));
        assertEquals("month: increments are not allowed: '1/2'", e.getMessage());
    }
}
