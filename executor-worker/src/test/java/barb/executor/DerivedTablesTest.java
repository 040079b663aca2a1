package barb.executor;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static barb.executor.TestMarketData.ALL;
import static barb.executor.TestMarketData.RTH;
import static barb.executor.TestMarketData.count;
import static barb.executor.TestMarketData.dailyFromBars;
import static barb.executor.TestMarketData.rows;
import static org.assertj.core.api.Assertions.assertThat;

/** The daily tables against the same numbers computed independently from the minute bars. */
class DerivedTablesTest {

    @BeforeAll
    static void data() {
        TestMarketData.store();
    }

    @Test
    void dailyMatchesItsMinuteBars() {
        assertThat(count("SELECT count(*) FROM daily")).isEqualTo(count("SELECT count(*) FROM " + dailyFromBars(ALL)));
        assertThat(count("""
                SELECT count(*) FROM daily t JOIN %s b ON b.d = t.trade_date
                WHERE t.range <> round(b.h - b.l, 2) OR t.high <> b.h OR t.low <> b.l OR t.open <> b.o
                   OR t.close <> b.c OR t.volume <> b.v OR t.bars <> b.n OR t.body <> round(b.c - b.o, 2)
                """.formatted(dailyFromBars(ALL)))).isZero();
        // A plainly spelled check of one day, 2024-03-15 (Thursday 18:00 → Friday 17:00).
        var oneDay = rows("""
                SELECT max(high) - min(low) FROM bars
                WHERE ts >= TIMESTAMP '2024-03-14 18:00' AND ts < TIMESTAMP '2024-03-15 17:00'""");
        assertThat(rows("SELECT range FROM daily WHERE trade_date = DATE '2024-03-15'")).isEqualTo(oneDay);
    }

    @Test
    void changeAndGapUseThePreviousTradingDay() {
        assertThat(count("""
                WITH b AS (SELECT *, lag(c) OVER (ORDER BY d) AS pc FROM %s)
                SELECT count(*) FROM daily t JOIN b ON b.d = t.trade_date
                WHERE t.change IS DISTINCT FROM round(b.c - b.pc, 2)
                   OR t.gap IS DISTINCT FROM round(b.o - b.pc, 2)
                   OR abs(t.change_pct - 100 * (b.c - b.pc) / b.pc) > 1e-9
                   OR t.prev_close IS DISTINCT FROM b.pc
                """.formatted(dailyFromBars(ALL)))).isZero();
        // The first day has no previous close; the Tuesday after New Year's Monday looks back to Friday.
        assertThat(rows("SELECT change FROM daily ORDER BY trade_date LIMIT 1").getFirst().getFirst()).isNull();
        assertThat(rows("SELECT prev_close FROM daily WHERE trade_date = DATE '2024-01-02'"))
                .isEqualTo(rows("SELECT close FROM daily WHERE trade_date = DATE '2023-12-29'"));
    }

    @Test
    void rthDaysHoldOnlyMinutesFrom0930To1700() {
        // 450 minutes on a regular day; 210 on a holiday halted at 13:00; 225 on a 13:15 early close.
        assertThat(rows("SELECT DISTINCT bars FROM daily_rth ORDER BY bars")).containsExactly(java.util.List.of(210L),
                java.util.List.of(225L), java.util.List.of(450L));
        assertThat(count("""
                SELECT count(*) FROM daily_rth
                WHERE CAST(high_time AS TIME) < TIME '09:30' OR CAST(high_time AS TIME) >= TIME '17:00'
                   OR CAST(low_time AS TIME) < TIME '09:30' OR CAST(low_time AS TIME) >= TIME '17:00'
                   OR CAST(high_time AS DATE) <> trade_date OR CAST(low_time AS DATE) <> trade_date""")).isZero();
        assertThat(count("""
                SELECT count(*) FROM daily_rth t JOIN %s b ON b.d = t.trade_date
                WHERE t.high <> b.h OR t.low <> b.l OR t.open <> b.o OR t.close <> b.c OR t.range <> round(b.h - b.l, 2)
                """.formatted(dailyFromBars(RTH)))).isZero();
        // every trading day has an RTH session but Good Friday 2023, whose abbreviated session ended at 09:15
        assertThat(count("SELECT count(*) FROM daily_rth")).isEqualTo(count("SELECT count(*) FROM daily") - 1);
        assertThat(count("SELECT count(*) FROM daily_rth WHERE trade_date = DATE '2023-04-07'")).isZero();
        // RTH is part of the whole session, so its range can never be wider.
        assertThat(count("SELECT count(*) FROM daily_rth r JOIN daily d USING (trade_date) WHERE r.range > d.range"))
                .isZero();
    }

    @Test
    void highTimeIsTheFirstMinuteThatReachedTheHigh() {
        // Some days reach their high more than once, so "first" matters.
        assertThat(count("""
                SELECT count(*) FROM (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d FROM bars b
                JOIN daily t ON t.trade_date = CAST(b.ts + INTERVAL 6 HOUR AS DATE) AND b.high = t.high
                GROUP BY 1 HAVING count(*) > 1)""")).isPositive();
        for (String table : new String[]{"daily", "daily_rth"}) {
            String filter = table.equals("daily") ? ALL : RTH;
            assertThat(count("""
                    WITH b AS (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, * FROM bars WHERE %s),
                    x AS (SELECT d, max(high) AS h, min(low) AS l FROM b GROUP BY d),
                    first_high AS (SELECT b.d, min(b.ts) AS ht FROM b JOIN x ON b.d = x.d AND b.high = x.h GROUP BY b.d),
                    first_low AS (SELECT b.d, min(b.ts) AS lt FROM b JOIN x ON b.d = x.d AND b.low = x.l GROUP BY b.d)
                    SELECT count(*) FROM %s t
                    JOIN first_high fh ON fh.d = t.trade_date
                    JOIN first_low fl ON fl.d = t.trade_date
                    WHERE t.high_time <> fh.ht OR t.low_time <> fl.lt OR t.high_hour <> hour(fh.ht)
                    """.formatted(filter, table))).as(table).isZero();
        }
    }

    @Test
    void calendarAndCandleColumns() {
        assertThat(rows("SELECT weekday, weekday_name, month, month_name, year FROM daily WHERE trade_date = DATE '2024-03-15'"))
                .containsExactly(java.util.List.of(5, "Friday", 3, "March", 2024).stream()
                        .map(v -> v instanceof Integer i ? (Object) i.longValue() : v).toList());
        assertThat(count("SELECT count(*) FROM daily WHERE is_green <> CAST(close > open AS INTEGER) "
                + "OR is_red <> CAST(close < open AS INTEGER) OR is_green + is_red > 1")).isZero();
        assertThat(count("SELECT count(*) FROM daily WHERE is_green = 0 AND is_red = 0 AND close <> open")).isZero();
        assertThat(count("SELECT count(*) FROM daily WHERE upper_wick < 0 OR lower_wick < 0 OR range < 0")).isZero();
    }
}
