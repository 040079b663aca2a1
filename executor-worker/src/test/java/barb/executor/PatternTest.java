package barb.executor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each pattern of {@link DerivedTables#PATTERNS} on hand-written days, through the real build: one minute bar per
 * day at 10:00 ET (so the RTH session-day has exactly that bar's prices), then the flags are read from
 * {@code session_days} for session RTH.
 */
class PatternTest {
    @TempDir
    Path dir;

    /** One hand-made day: open, high, low, close. */
    private record Bar(double o, double h, double l, double c) {
    }

    private static Bar bar(double o, double h, double l, double c) {
        return new Bar(o, h, l, c);
    }

    /** A plain filler day that forms no candle pattern on its own: body 40% of the range, wicks 30% each. */
    private static Bar plain(double low) {
        return bar(low + 3, low + 10, low, low + 7);
    }

    /** Builds the tables from these days (consecutive weekdays from 2024-02-05) and returns flag {@code column} per day. */
    private List<Integer> flags(String column, List<Bar> days) throws SQLException {
        try (MarketDataStore store = MarketDataStore.open(dir.resolve(column + System.nanoTime() + ".duckdb"))) {
            return store.withConnection(c -> {
                writeBars(c, days);
                DerivedTables.build(c, Instrument.nq());
                List<Integer> out = new ArrayList<>();
                try (Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT " + column
                             + " FROM session_days WHERE session = 'RTH' ORDER BY trade_date")) {
                    while (rs.next()) {
                        out.add(rs.getInt(1));
                    }
                }
                return out;
            });
        }
    }

    private static void writeBars(Connection c, List<Bar> days) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE bars (ts TIMESTAMP, open DOUBLE, high DOUBLE, low DOUBLE, close DOUBLE, volume BIGINT)");
        }
        LocalDate d = LocalDate.of(2024, 2, 5);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO bars VALUES (CAST(? AS TIMESTAMP), ?, ?, ?, ?, 100)")) {
            for (Bar b : days) {
                while (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) {
                    d = d.plusDays(1);
                }
                ps.setString(1, d + " 10:00:00");
                ps.setDouble(2, b.o());
                ps.setDouble(3, b.h());
                ps.setDouble(4, b.l());
                ps.setDouble(5, b.c());
                ps.addBatch();
                d = d.plusDays(1);
            }
            ps.executeBatch();
        }
    }

    /** Six days whose closes fall (trend down) or rise (trend up) before the day under test. */
    private static List<Bar> trend(boolean down) {
        List<Bar> out = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            double low = down ? 300 - 10 * i : 100 + 10 * i;
            out.add(plain(low));
        }
        return out;
    }

    private static List<Bar> with(List<Bar> first, Bar... more) {
        List<Bar> out = new ArrayList<>(first);
        out.addAll(List.of(more));
        return out;
    }

    @Test
    void dojiMarubozuSpinningTop() throws SQLException {
        List<Bar> days = List.of(
                bar(100, 105, 95, 100.5),   // doji: body 0.5 ≤ 10% of range 10
                bar(100, 105, 95, 103.5),   // body 35%: neither a doji nor a spinning top
                bar(100, 110.5, 99.75, 110.25), // marubozu: body 10.25 of range 10.75 (95%)
                bar(100, 104, 96, 102),     // spinning top: body 25%, wicks 25% each
                bar(100, 101, 95, 100.25)); // body 5%: a doji, not a spinning top
        assertThat(flags("is_doji", days)).containsExactly(1, 0, 0, 0, 1);
        assertThat(flags("is_marubozu", days)).containsExactly(0, 0, 1, 0, 0);
        assertThat(flags("is_spinning_top", days)).containsExactly(0, 0, 0, 1, 0);
    }

    @Test
    void hammerAndHangingManAreToldApartByThePriorTrend() throws SQLException {
        Bar hammerShape = bar(170, 171.5, 160, 171); // lower wick 10 of 11.5, upper 0.5, body 1
        List<Bar> afterFall = with(trend(true), hammerShape);
        List<Bar> afterRise = with(trend(false), hammerShape);
        assertThat(flags("is_hammer", afterFall)).containsExactly(0, 0, 0, 0, 0, 0, 1);
        assertThat(flags("is_hanging_man", afterFall)).containsExactly(0, 0, 0, 0, 0, 0, 0);
        assertThat(flags("is_hanging_man", afterRise)).containsExactly(0, 0, 0, 0, 0, 0, 1);
        assertThat(flags("is_hammer", afterRise)).containsExactly(0, 0, 0, 0, 0, 0, 0);
        // Without six earlier days there is no trend, so neither.
        assertThat(flags("is_hammer", List.of(plain(100), hammerShape))).containsExactly(0, 0);
    }

    @Test
    void invertedHammerAndShootingStarAreToldApartByThePriorTrend() throws SQLException {
        Bar invertedShape = bar(160, 171.5, 159.5, 161); // upper wick 10.5 of 12, lower 0.5
        assertThat(flags("is_inverted_hammer", with(trend(true), invertedShape))).endsWith(1);
        assertThat(flags("is_shooting_star", with(trend(true), invertedShape))).endsWith(0);
        assertThat(flags("is_shooting_star", with(trend(false), invertedShape))).endsWith(1);
        assertThat(flags("is_inverted_hammer", with(trend(false), invertedShape))).endsWith(0);
    }

    @Test
    void engulfingNeverAcceptsAHarami() throws SQLException {
        Bar red = bar(110, 112, 98, 100);
        List<Bar> engulfing = List.of(red, bar(99, 112, 98, 111));
        List<Bar> harami = List.of(red, bar(102, 109, 101, 108));
        assertThat(flags("is_bullish_engulfing", engulfing)).containsExactly(0, 1);
        assertThat(flags("is_bullish_harami", engulfing)).containsExactly(0, 0);
        assertThat(flags("is_bullish_engulfing", harami)).containsExactly(0, 0);
        assertThat(flags("is_bullish_harami", harami)).containsExactly(0, 1);
        Bar green = bar(100, 112, 98, 110);
        List<Bar> bearEngulfing = List.of(green, bar(111, 112, 97, 99));
        List<Bar> bearHarami = List.of(green, bar(108, 109, 101, 102));
        assertThat(flags("is_bearish_engulfing", bearEngulfing)).containsExactly(0, 1);
        assertThat(flags("is_bearish_engulfing", bearHarami)).containsExactly(0, 0);
        assertThat(flags("is_bearish_harami", bearHarami)).containsExactly(0, 1);
        assertThat(flags("is_bearish_harami", bearEngulfing)).containsExactly(0, 0);
        // Equal bodies are neither: engulfing needs a bigger body.
        assertThat(flags("is_bullish_engulfing", List.of(red, bar(100, 112, 98, 110)))).containsExactly(0, 0);
    }

    @Test
    void morningAndEveningStar() throws SQLException {
        List<Bar> morning = List.of(bar(120, 121, 99, 100), bar(99, 101, 97, 99.5), bar(100, 116, 99, 115));
        assertThat(flags("is_morning_star", morning)).containsExactly(0, 0, 1);
        // The third day closing below the first body's midpoint (110) is not a star.
        assertThat(flags("is_morning_star", List.of(morning.get(0), morning.get(1), bar(100, 109, 99, 108))))
                .containsExactly(0, 0, 0);
        List<Bar> evening = List.of(bar(100, 121, 99, 120), bar(121, 123, 119, 121.5), bar(120, 121, 104, 105));
        assertThat(flags("is_evening_star", evening)).containsExactly(0, 0, 1);
        assertThat(flags("is_morning_star", evening)).containsExactly(0, 0, 0);
    }

    @Test
    void threeSoldiersAndCrowsOpenWithinThePreviousBody() throws SQLException {
        List<Bar> soldiers = List.of(bar(100, 111, 99, 110), bar(105, 116, 104, 115), bar(112, 121, 111, 120));
        assertThat(flags("is_three_white_soldiers", soldiers)).containsExactly(0, 0, 1);
        List<Bar> gapUp = List.of(soldiers.get(0), soldiers.get(1), bar(116, 121, 115.5, 120));
        assertThat(flags("is_three_white_soldiers", gapUp)).containsExactly(0, 0, 0);
        List<Bar> crows = List.of(bar(120, 121, 109, 110), bar(115, 116, 104, 105), bar(108, 109, 99, 100));
        assertThat(flags("is_three_black_crows", crows)).containsExactly(0, 0, 1);
        List<Bar> gapDown = List.of(crows.get(0), crows.get(1), bar(104, 104.5, 99, 100));
        assertThat(flags("is_three_black_crows", gapDown)).containsExactly(0, 0, 0);
    }

    @Test
    void insideOutsideHigherLower() throws SQLException {
        List<Bar> days = List.of(bar(100, 110, 90, 105), bar(100, 108, 92, 101), bar(100, 112, 88, 95),
                bar(100, 115, 95, 110), bar(100, 110, 85, 90));
        assertThat(flags("is_inside_day", days)).containsExactly(0, 1, 0, 0, 0);
        assertThat(flags("is_inside", days)).containsExactly(0, 1, 0, 0, 0);
        assertThat(flags("is_outside_day", days)).containsExactly(0, 0, 1, 0, 0);
        assertThat(flags("is_higher_high", days)).containsExactly(0, 0, 1, 1, 0);
        assertThat(flags("is_higher_low", days)).containsExactly(0, 1, 0, 1, 0);
        assertThat(flags("is_lower_high", days)).containsExactly(0, 1, 0, 0, 1);
        assertThat(flags("is_lower_low", days)).containsExactly(0, 0, 1, 0, 1);
    }

    @Test
    void narrowRangeDaysNeedStrictlyTheSmallestRange() throws SQLException {
        // Ranges 10, 12, 11, 9, 9, 14, 13, 8.
        List<Bar> days = new ArrayList<>();
        for (double r : new double[]{10, 12, 11, 9, 9, 14, 13, 8}) {
            days.add(bar(100, 100 + r, 100, 100 + r / 2));
        }
        assertThat(flags("is_nr4", days)).containsExactly(0, 0, 0, 1, 0, 0, 0, 1);
        assertThat(flags("is_nr7", days)).containsExactly(0, 0, 0, 0, 0, 0, 0, 1);
    }

    @Test
    void breakoutsLookAtThePrevious20Days() throws SQLException {
        List<Bar> days = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            days.add(bar(100, 110 + (i == 3 ? 5 : 0), 90 - (i == 5 ? 5 : 0), 105));
        }
        days.add(bar(100, 115.25, 95, 105)); // above the 20-day high of 115
        days.add(bar(100, 110, 84.75, 95));  // below the 20-day low of 85
        List<Integer> high = flags("is_breakout_high", days);
        List<Integer> low = flags("is_breakout_low", days);
        assertThat(high.subList(0, 20)).containsOnly(0);
        assertThat(high.subList(20, 22)).containsExactly(1, 0);
        assertThat(low.subList(20, 22)).containsExactly(0, 1);
    }

    @Test
    void greenRedAndFlatDays() throws SQLException {
        List<Bar> days = List.of(bar(100, 101, 99, 100.25), bar(100, 101, 99, 99.75), bar(100, 101, 99, 100));
        assertThat(flags("is_green", days)).containsExactly(1, 0, 0);
        assertThat(flags("is_red", days)).containsExactly(0, 1, 0);
    }

    @Test
    void everyPatternHasAColumn() throws SQLException {
        List<String> names = List.copyOf(DerivedTables.PATTERNS.keySet());
        assertThat(names).containsExactly("doji", "hammer", "hanging_man", "inverted_hammer", "shooting_star",
                "bullish_engulfing", "bearish_engulfing", "bullish_harami", "bearish_harami", "morning_star",
                "evening_star", "three_white_soldiers", "three_black_crows", "marubozu", "spinning_top",
                "inside_day", "outside_day", "nr4", "nr7", "higher_high", "higher_low", "lower_high", "lower_low",
                "breakout_high", "breakout_low");
        for (String name : names) {
            assertThat(flags("is_" + name, List.of(plain(100)))).as(name).containsExactly(0);
        }
    }
}
