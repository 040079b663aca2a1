package barb.executor;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static barb.executor.TestMarketData.count;
import static barb.executor.TestMarketData.rows;
import static org.assertj.core.api.Assertions.assertThat;

/** Properties of the generated history and of session_days, checked against the minute bars and the calendar. */
class GeneratedDataPropertiesTest {
    private static final TradingCalendar CALENDAR = Instrument.nq().calendar();
    private static final String TRADE_DATE = "CAST(ts + INTERVAL 6 HOUR AS DATE)";

    @BeforeAll
    static void data() {
        TestMarketData.store();
    }

    private static List<TradingCalendar.Day> days() {
        List<TradingCalendar.Day> out = new ArrayList<>();
        for (LocalDate d = TestMarketData.FROM; !d.isAfter(TestMarketData.TO); d = d.plusDays(1)) {
            out.add(CALENDAR.day(d));
        }
        return out;
    }

    @Test
    void everySessionDayMatchesItsMinuteBars() {
        for (SessionSpec session : Instrument.nq().sessions().all()) {
            String independent = """
                    (SELECT %s AS d, max(high) AS h, min(low) AS l, count(*) AS n, sum(volume) AS v
                     FROM bars WHERE %s GROUP BY 1)""".formatted(TRADE_DATE, session.sqlPredicate("ts"));
            long sessionDays = count("SELECT count(*) FROM session_days WHERE session = ?", session.name());
            assertThat(sessionDays).as(session.name()).isEqualTo(count("SELECT count(*) FROM " + independent));
            assertThat(count("""
                    SELECT count(*) FROM session_days t JOIN %s b ON b.d = t.trade_date
                    WHERE t.session = ? AND (t.range <> b.h - b.l OR t.bars <> b.n OR t.volume <> b.v
                       OR t.high <> b.h OR t.low <> b.l)""".formatted(independent), session.name()))
                    .as(session.name()).isZero();
        }
    }

    @Test
    void aTradingDaysRangeIsMaxHighMinusMinLowOfItsMinutes() {
        assertThat(count("""
                SELECT count(*) FROM daily t
                JOIN (SELECT %s AS d, max(high) - min(low) AS r FROM bars GROUP BY 1) b ON b.d = t.trade_date
                WHERE t.range <> b.r""".formatted(TRADE_DATE))).isZero();
    }

    @Test
    void anRthSessionDayHoldsOnlyMinutesFrom0930ToBefore1700() {
        assertThat(count("""
                SELECT count(*) FROM session_days
                WHERE session = 'RTH' AND (CAST(high_time AS TIME) < TIME '09:30' OR CAST(high_time AS TIME) >= TIME '17:00'
                   OR CAST(low_time AS TIME) < TIME '09:30' OR CAST(low_time AS TIME) >= TIME '17:00')""")).isZero();
        // Its bar count is exactly the minutes of 09:30 → min(close, 17:00).
        Map<LocalDate, Long> rthBars = new HashMap<>();
        for (List<Object> r : rows("SELECT trade_date, bars FROM daily_rth")) {
            rthBars.put(toDate(r.get(0)), ((Number) r.get(1)).longValue());
        }
        for (TradingCalendar.Day day : days()) {
            if (!day.isTradingDay()) {
                assertThat(rthBars).doesNotContainKey(day.date());
                continue;
            }
            int close = Math.min(day.close().toSecondOfDay() / 60, 17 * 60);
            int expected = Math.max(0, close - (9 * 60 + 30));
            assertThat(rthBars.getOrDefault(day.date(), 0L)).as(day.date().toString()).isEqualTo(expected);
        }
    }

    private static LocalDate toDate(Object value) {
        return value instanceof LocalDate d ? d : LocalDate.parse(value.toString().substring(0, 10));
    }

    /** Per trading day of the bars: count, first and last minute. */
    private record BarDay(long bars, LocalDateTime first, LocalDateTime last) {
    }

    @Test
    void fullCloseDaysHaveNoBarsAndEarlyDaysStopAtTheirClose() {
        Map<LocalDate, BarDay> barDays = new HashMap<>();
        for (List<Object> r : rows("SELECT " + TRADE_DATE + ", count(*), min(ts), max(ts) FROM bars GROUP BY 1")) {
            barDays.put(toDate(r.get(0)), new BarDay(((Number) r.get(1)).longValue(),
                    LocalDateTime.parse(r.get(2).toString().replace(' ', 'T')),
                    LocalDateTime.parse(r.get(3).toString().replace(' ', 'T'))));
        }
        int fullCloses = 0;
        int earlyDays = 0;
        for (TradingCalendar.Day day : days()) {
            BarDay bars = barDays.get(day.date());
            if (!day.isTradingDay()) {
                assertThat(bars).as(day.date().toString()).isNull();
                fullCloses += day.kind() == TradingCalendar.DayKind.FULL_CLOSE ? 1 : 0;
                continue;
            }
            assertThat(bars.bars()).as(day.date().toString()).isEqualTo(CALENDAR.minutesOpen(day.date()));
            // No bar at or after the close; the day still opens at 18:00 of the previous calendar day.
            assertThat(bars.last()).as(day.date().toString()).isBefore(day.date().atTime(day.close()));
            assertThat(bars.last().plusMinutes(1)).isEqualTo(day.date().atTime(day.close()));
            assertThat(bars.first()).isEqualTo(day.date().minusDays(1).atTime(18, 0));
            earlyDays += day.closesEarly() ? 1 : 0;
        }
        assertThat(fullCloses).isEqualTo(6);
        // 2023 and 2024: 7 + 7 holiday halts (+ Good Friday 2023's session until 09:15), 2 + 3 early closes
        // (Christmas Eve 2022 and 2023 fell on weekends).
        assertThat(earlyDays).isEqualTo(20);
        // Thanksgiving 2024 halts at 13:00, the day after closes at 13:15.
        assertThat(rows("SELECT max(ts) FROM bars WHERE " + TRADE_DATE + " = DATE '2024-11-28'").getFirst().getFirst()
                .toString()).isEqualTo("2024-11-28 12:59:00.0");
        assertThat(rows("SELECT max(ts) FROM bars WHERE " + TRADE_DATE + " = DATE '2024-11-29'").getFirst().getFirst()
                .toString()).isEqualTo("2024-11-29 13:14:00.0");
    }

    @Test
    void calendarAndEventFlagsReachTheSessionDays() {
        assertThat(rows("""
                SELECT is_holiday, is_early_close, holiday_name, CAST(close_time AS VARCHAR) FROM daily
                WHERE trade_date = DATE '2024-11-28'""").getFirst()).containsExactly(1, 0, "Thanksgiving", "13:00:00");
        assertThat(rows("SELECT is_holiday, is_early_close FROM daily_rth WHERE trade_date = DATE '2024-11-29'")
                .getFirst()).containsExactly(0, 1);
        assertThat(rows("SELECT is_day_before_holiday FROM daily WHERE trade_date = DATE '2024-11-27'").getFirst())
                .containsExactly(1);
        assertThat(rows("SELECT is_day_after_holiday FROM daily WHERE trade_date = DATE '2024-12-26'").getFirst())
                .containsExactly(1);
        assertThat(count("SELECT count(*) FROM daily WHERE year = 2024 AND is_fomc = 1")).isEqualTo(8);
        assertThat(count("SELECT count(*) FROM daily WHERE year = 2024 AND is_nfp = 1")).isEqualTo(12);
        assertThat(count("SELECT count(*) FROM daily WHERE year = 2024 AND is_cpi = 1")).isEqualTo(12);
        assertThat(count("SELECT count(*) FROM daily WHERE year = 2024 AND is_opex = 1")).isEqualTo(12);
        assertThat(count("SELECT count(*) FROM daily WHERE year = 2024 AND is_quad_witching = 1")).isEqualTo(4);
        // Juneteenth 2024 traded with a halt; in 2021 it was a regular day (outside this data, checked in the calendar).
        assertThat(rows("SELECT is_holiday FROM daily WHERE trade_date = DATE '2024-06-19'").getFirst())
                .containsExactly(1);
    }

    @Test
    void previousDayValuesComeFromTheSameSession() {
        for (String session : List.of("RTH", "ETH", "ASIAN", "NY_CLOSE")) {
            assertThat(count("""
                    WITH s AS (SELECT *, lag(open) OVER w AS po, lag(high) OVER w AS ph, lag(low) OVER w AS pl,
                                      lag(close) OVER w AS pc, lag(close, 2) OVER w AS pc2, lag(volume) OVER w AS pv
                               FROM session_days WHERE session = ? WINDOW w AS (ORDER BY trade_date))
                    SELECT count(*) FROM s
                    WHERE prev_open IS DISTINCT FROM po OR prev_high IS DISTINCT FROM ph OR prev_low IS DISTINCT FROM pl
                       OR prev_close IS DISTINCT FROM pc OR prev_volume IS DISTINCT FROM pv
                       OR prev_range IS DISTINCT FROM ph - pl
                       OR abs(prev_change_pct - 100 * (pc - pc2) / pc2) > 1e-9
                       OR (prev_change_pct IS NULL) <> (pc2 IS NULL)""", session)).as(session).isZero();
        }
        // NY_CLOSE (15:00–16:00) has no session-day on a 13:15 early close, so its previous day skips it.
        assertThat(count("SELECT count(*) FROM session_days WHERE session = 'NY_CLOSE' AND trade_date = DATE '2024-11-29'"))
                .isZero();
    }

    @Test
    void dailyAndDailyRthAreTheEthAndRthSessionDays() {
        assertThat(count("SELECT count(*) FROM daily")).isEqualTo(count("SELECT count(*) FROM session_days WHERE session = 'ETH'"));
        assertThat(count("SELECT count(*) FROM daily_rth")).isEqualTo(count("SELECT count(*) FROM session_days WHERE session = 'RTH'"));
        assertThat(count("""
                SELECT count(*) FROM (SELECT * EXCLUDE (session) FROM session_days WHERE session = 'RTH'
                                      EXCEPT SELECT * FROM daily_rth)""")).isZero();
        assertThat(rows("SELECT DISTINCT session FROM session_days ORDER BY 1").stream().map(r -> r.getFirst()).toList())
                .hasSize(17);
    }

    @Test
    void eachDayKnowsItsPlaceInItsGreenOrRedRun() {
        for (String session : List.of("ETH", "RTH", "OVERNIGHT")) {
            List<List<Object>> days = rows("""
                    SELECT is_green, is_red, green_streak, red_streak, run_length FROM session_days
                    WHERE session = ? ORDER BY trade_date""", session);
            assertThat(days).hasSizeGreaterThan(400);
            // walked day by day: a run is the days in a row of one colour (flat days are a colour of their own)
            int start = 0;
            for (int i = 0; i < days.size(); i++) {
                List<Object> d = days.get(i);
                boolean sameAsBefore = i > 0 && d.get(0).equals(days.get(i - 1).get(0))
                        && d.get(1).equals(days.get(i - 1).get(1));
                if (!sameAsBefore) {
                    start = i;
                }
                long place = i - start + 1;
                assertThat(((Number) d.get(2)).longValue()).as("%s day %d", session, i)
                        .isEqualTo(((Number) d.get(0)).intValue() == 1 ? place : 0);
                assertThat(((Number) d.get(3)).longValue()).as("%s day %d", session, i)
                        .isEqualTo(((Number) d.get(1)).intValue() == 1 ? place : 0);
                int end = i;
                while (end + 1 < days.size() && days.get(end + 1).get(0).equals(d.get(0))
                        && days.get(end + 1).get(1).equals(d.get(1))) {
                    end++;
                }
                assertThat(((Number) d.get(4)).longValue()).as("%s day %d", session, i).isEqualTo(end - start + 1);
            }
        }
    }

    @Test
    void quartersFollowTheCalendar() {
        assertThat(count("""
                SELECT count(*) FROM session_days
                WHERE quarter <> (month - 1) // 3 + 1 OR quarter_name <> 'Q' || quarter""")).isZero();
    }
}
