package barb.agents.steps;

import barb.core.Plan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FilterTextTest {

    @Test
    void readsEveryClause() {
        FilterText.Filters f = FilterText.parse("session = RTH, change_pct < -2, range > 1.5 x avg 20d, "
                + "pattern in (doji, hammer), event = fomc, weekday in (monday, friday), month = march, gap = up, "
                + "consecutive red >= 3, time = 10:00-11:00");

        assertThat(f.session()).isEqualTo("RTH");
        assertThat(f.conditions()).containsExactly(new Plan.Condition("change_pct", "<", -2),
                new Plan.Condition("range", ">", 1.5, "avg", 20));
        assertThat(f.patterns()).containsExactly("doji", "hammer");
        assertThat(f.events()).containsExactly("fomc");
        assertThat(f.weekdays()).containsExactly("monday", "friday");
        assertThat(f.months()).containsExactly("march");
        assertThat(f.gap()).isEqualTo("up");
        assertThat(f.consecutive()).isEqualTo(new Plan.Consecutive("red", 3, null));
        assertThat(f.time()).isEqualTo(new Plan.TimeWindow("10:00", "11:00"));
    }

    @Test
    void emptyOrMissingIsNoFilter() {
        assertThat(FilterText.parse(null).isEmpty()).isTrue();
        assertThat(FilterText.parse("  ").isEmpty()).isTrue();
        assertThat(FilterText.format(FilterText.parse(""))).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "session = rth | session = RTH",
            "change_pct<-2 | change_pct < -2",
            "change_pct <= -2.50 | change_pct <= -2.5",
            "gap_pct > 0.5 | gap_pct > 0.5",
            "is_fomc = 0 | is_fomc = 0",
            "weekday != 1 | weekday != 1",
            "range > 1.5 x median 10d | range > 1.5 x median 10d",
            "volume >= 2 x max 5d | volume >= 2 x max 5d",
            "pattern = inside_bar | pattern = inside_day",
            "pattern = is_nr7 | pattern = nr7",
            "pattern in (engulfing_bullish, engulfing_bearish) | pattern in (bullish_engulfing, bearish_engulfing)",
            "event in (cpi, nfp) | event in (cpi, nfp)",
            "weekday = mon | weekday = monday",
            "month in (jan, december) | month in (january, december)",
            "gap = down | gap = down",
            "consecutive green = 2 | consecutive green = 2",
            "consecutive red >= 4 | consecutive red >= 4",
            "time = 9:30-10:30 | time = 09:30-10:30",
            "time = 18:00-03:00 | time = 18:00-03:00",
            "time = 10:00-11:00, gap = up, month = may, weekday = friday, event = opex, pattern = doji, "
                    + "is_green = 1, session = ETH | session = ETH, is_green = 1, pattern = doji, event = opex, "
                    + "weekday = friday, month = may, gap = up, time = 10:00-11:00"
    })
    void formatsTheCanonicalText(String filter, String canonical) {
        assertThat(FilterText.format(FilterText.parse(filter))).isEqualTo(canonical);
        assertThat(FilterText.format(FilterText.parse(canonical))).isEqualTo(canonical);
    }

    @Test
    void exactlyModeAndClauseSplittingInsideParentheses() {
        assertThat(FilterText.parse("consecutive green = 2").consecutive())
                .isEqualTo(new Plan.Consecutive("green", 2, "exactly"));
        assertThat(FilterText.splitClauses("pattern in (doji, hammer), gap = up"))
                .containsExactly("pattern in (doji, hammer)", "gap = up");
    }

    @Test
    void readsAProbabilityOutcome() {
        assertThat(FilterText.parseCondition("change_pct > 0")).isEqualTo(new Plan.Condition("change_pct", ">", 0));
        assertThat(FilterText.formatCondition(new Plan.Condition("is_green", "=", 1))).isEqualTo("is_green = 1");
        assertThatThrownBy(() -> FilterText.parseCondition("green"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'green'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "session = MARS | session = MARS",
            "session = RTH, session = ETH | session = ETH",
            "rsi > 70 | rsi > 70",
            "change_pct ~ 2 | change_pct ~ 2",
            "range > 1.5 x mode 20d | range > 1.5 x mode 20d",
            "range > 0 x avg 20d | range > 0 x avg 20d",
            "range > 1.5 x avg 900d | range > 1.5 x avg 900d",
            "pattern = moon | pattern = moon",
            "pattern = doji, pattern = hammer | pattern = hammer",
            "event = earnings | event = earnings",
            "weekday = sunday | weekday = sunday",
            "month = smarch | month = smarch",
            "month in march | month in march",
            "gap = sideways | gap = sideways",
            "consecutive blue >= 3 | consecutive blue >= 3",
            "consecutive red >= 0 | consecutive red >= 0",
            "time = 25:00-26:00 | time = 25:00-26:00",
            "time = morning | time = morning",
            "session = RTH,, gap = up | ''",
            "hello | hello"
    })
    void anErrorNamesTheClause(String filter, String clause) {
        assertThatThrownBy(() -> FilterText.parse(filter))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(clause.isEmpty() ? "empty clause" : "'" + clause + "'");
    }

    @Test
    void everyPatternEventWeekdayAndMonthIsKnown() {
        for (String pattern : FilterText.PATTERNS) {
            assertThat(FilterText.parse("pattern = " + pattern).patterns()).containsExactly(pattern);
        }
        for (String event : FilterText.EVENTS) {
            assertThat(FilterText.parse("event = " + event).events()).containsExactly(event);
        }
        assertThat(FilterText.parse("weekday in (" + String.join(", ", FilterText.WEEKDAYS) + ")").weekdays())
                .isEqualTo(FilterText.WEEKDAYS);
        assertThat(FilterText.parse("month in (" + String.join(", ", FilterText.MONTHS) + ")").months())
                .isEqualTo(FilterText.MONTHS);
        assertThat(FilterText.SESSIONS).contains("RTH", "ETH", "OVERNIGHT", "ASIAN", "EUROPEAN", "PREMARKET",
                "RTH_OPEN", "RTH_CLOSE", "MORNING", "AFTERNOON", "LUNCH");
        for (String session : FilterText.SESSIONS) {
            assertThat(FilterText.parse("session = " + session).session()).isEqualTo(session);
        }
        assertThat(List.of(FilterText.number(-2.0), FilterText.number(0.25), FilterText.number(300)))
                .containsExactly("-2", "0.25", "300");
    }
}
