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
        PlanCompiler.Checked checked = PlanCompiler.check(plan);
        PlanCompiler.Compiled compiled = PlanCompiler.compile(checked, LocalDate.of(2022, 1, 3),
                LocalDate.of(2022, 12, 30));

        assertThat(compiled.answer().text()).isEqualTo("""
                SELECT strftime(trade_date, '%Y-%m-%d') AS trade_date, weekday_name, open, high, low, close, volume, \
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
        PlanCompiler.Checked group = PlanCompiler.check(new Plan("s2", "group", null, null, null, "range", "median",
                "month", null, null, null, null, null));
        assertThat(PlanCompiler.compile(group, LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31)).answer().text())
                .contains("FROM daily\n")
                .contains("median(range) AS median_range")
                .contains("GROUP BY month, month_name")
                .endsWith("ORDER BY month");

        PlanCompiler.Checked formation = PlanCompiler.check(new Plan("s3", "formation", null, "RTH", null,
                "ignored_for_formation", null, null, null, null, null, "LOW", null));
        PlanCompiler.Compiled compiled = PlanCompiler.compile(formation, null, null);
        assertThat(compiled.answer().text()).contains("hour(low_time) AS hour").contains("FROM daily_rth");
        assertThat(compiled.sourceColumns()).containsExactly("trade_date", "low_time", "low");
    }
}
