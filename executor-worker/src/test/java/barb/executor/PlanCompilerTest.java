package barb.executor;

import barb.core.Plan;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PlanCompilerTest {

    @Test
    void valuesBecomeParametersAndNamesComeFromTheWhitelist() {
        Plan plan = new Plan("s1", "list", null, "RTH", "1D", "Change_Pct", null, null,
                List.of(new Plan.Condition("change_pct", "<", -2.5), new Plan.Condition("volume", "!=", 0)),
                "asc", 10, null, "2022");
        PlanChecker.Checked checked = PlanCompiler.check(plan);
        PlanCompiler.Compiled compiled = PlanCompiler.compile(checked, LocalDate.of(2022, 1, 3),
                LocalDate.of(2022, 12, 30));

        assertThat(compiled.answer().text()).isEqualTo("""
                SELECT trade_date, weekday_name, open, high, low, close, volume, \
                range, change, change_pct, gap
                FROM daily_rth
                WHERE trade_date BETWEEN CAST(? AS DATE) AND CAST(? AS DATE) AND change_pct < ? AND volume <> ?
                ORDER BY change_pct ASC NULLS LAST, trade_date
                LIMIT ?""");
        assertThat(compiled.answer().params()).containsExactly("2022-01-03", "2022-12-30", -2.5, 0.0, 10);
        assertThat(compiled.source()).isNull();
    }

    @Test
    void groupAndFormationStatements() {
        PlanChecker.Checked group = PlanCompiler.check(new Plan("s2", "group", null, null, null, "range", "median",
                "month", null, null, null, null, null));
        assertThat(PlanCompiler.compile(group, LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31)).answer().text())
                .contains("FROM daily\n")
                .contains("median(range) AS median_range")
                .contains("GROUP BY month, month_name")
                .endsWith("ORDER BY month");

        PlanChecker.Checked formation = PlanCompiler.check(new Plan("s3", "formation", null, "RTH", null,
                "ignored_for_formation", null, null, null, null, null, "LOW", null));
        PlanCompiler.Compiled compiled = PlanCompiler.compile(formation, null, null);
        assertThat(compiled.answer().text()).contains("hour(low_time) * 60 + minute(low_time)").contains("FROM daily_rth");
        assertThat(compiled.columns()).containsExactly("hour", "count", "pct");
        assertThat(compiled.sourceColumns()).containsExactly("trade_date", "low_time", "low");
    }

    @Test
    void v2ValuesAreParametersToo() {
        Plan plan = HandMadeDays.plan("""
                {"id": "s4", "operation": "around", "session": "OVERNIGHT", "weekdays": ["tuesday"], "months": [11],
                 "events": ["fomc"], "patterns": ["nr7", "doji"], "gap": "down", "offsets": [-3, 7],
                 "consecutive": {"color": "red", "length": 4, "mode": "exactly"},
                 "filters": [{"metric": "volume", "op": ">=", "value": 1.75, "ref": "median", "days": 37}]}""");
        PlanChecker.Checked checked = PlanCompiler.check(plan);
        DataLayout layout = new DataLayout(DataLayout.Mode.TABLE, "session_days", true,
                new java.util.HashSet<>(List.of("trade_date", "session", "volume", "change_pct", "gap", "weekday",
                        "month", "is_fomc", "is_nr7", "is_doji", "is_green", "is_red")),
                null, null, null, PlanVocabulary.SESSIONS.get("OVERNIGHT"));
        PlanCompiler.Compiled compiled = PlanCompiler.compile(checked, layout, LocalDate.of(2024, 1, 1),
                LocalDate.of(2024, 12, 31));
        // Look-back windows over a stored table are part of each statement (no temporary table), over the period
        // widened by the days the windows look at: 2 × 37 + 10 calendar days back, 2 × 7 + 10 ahead.
        assertThat(compiled.prepare()).isNull();
        assertThat(compiled.answer().text()).doesNotContain(PlanCompiler.PLAN_DAYS);
        String sql = compiled.answer().text();
        List<Object> params = compiled.answer().params();
        assertThat(params).contains("2023-10-09", "2025-01-24");
        // Numbers appear in SQL text only inside generated aliases built from checked integers
        // (median_37d_volume, change_pct_next_7); the values themselves are parameters.
        assertThat(sql.replace("median_37d_volume", "")).doesNotContain("OVERNIGHT").doesNotContain("1.75")
                .doesNotContain("37").doesNotContain("2024").doesNotContain("11)");
        assertThat(sql).contains("(is_nr7 = 1 OR is_doji = 1)").contains("is_fomc = 1").contains("gap < 0")
                .contains("median(volume) OVER").contains("red_streak = ? AND run_length = ?")
                .contains("change_pct_prev_3").contains("change_pct_next_7").contains("weekday IN (?)");
        assertThat(params).contains("OVERNIGHT", 1.75, 37, 2, 11, 4, 3, 7, -3)
                .contains("2024-01-01", "2024-12-31");
    }

    @Test
    void gapFillAndCalendarRowsKeepValuesInParameters() {
        PlanChecker.Checked gapFill = PlanCompiler.check(HandMadeDays.plan("""
                {"id": "g", "operation": "gap_fill", "session": "RTH", "gap": "down"}"""));
        DataLayout layout = new DataLayout(DataLayout.Mode.TABLE, "daily_rth", false,
                new java.util.HashSet<>(List.of("trade_date", "gap", "gap_pct", "gap_filled", "gap_fill_minutes",
                        "gap_fill_time")), null, null, null, PlanVocabulary.SESSIONS.get("RTH"));
        PlanCompiler.Compiled compiled = PlanCompiler.compile(gapFill, layout, LocalDate.of(2024, 1, 1),
                LocalDate.of(2024, 12, 31));
        assertThat(compiled.answer().text()).doesNotContain("0.25").doesNotContain("0.5").contains("abs(gap_pct) < ?")
                .contains("gap < 0").contains("GROUP BY bucket");
        assertThat(compiled.answer().params()).contains(0.25, 0.5, 1.0, 0, 1, 2, 3);
        assertThat(compiled.detail().text()).doesNotContain("GROUP BY");
        assertThat(compiled.columns()).containsExactlyElementsOf(GapFillTable.COLUMNS);

        PlanChecker.Checked months = PlanCompiler.check(HandMadeDays.plan("""
                {"id": "m", "operation": "count", "timeframe": "1M", "months": [8],
                 "consecutive": {"color": "green", "length": 2}}"""));
        assertThat(months.timeframe()).isEqualTo("1M");
        PlanCompiler.Compiled monthly = PlanCompiler.compile(months, LocalDate.of(2015, 1, 1), LocalDate.of(2024, 12, 31));
        assertThat(monthly.answer().text()).contains("date_trunc('month', trade_date)").doesNotContain("2015")
                .doesNotContain("2014").contains("green_streak = ?").contains("month IN (?)");
        // read from whole months before the period (4 × 31 days back, to the month's first day): the rows the run
        // looks back at are complete
        assertThat(monthly.answer().params()).contains("2014-08-01", "2015-01-01", 8, 2);
    }
}
