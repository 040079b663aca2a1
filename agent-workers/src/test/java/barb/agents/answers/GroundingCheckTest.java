package barb.agents.answers;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GroundingCheckTest {
    private static final JsonNode RESULT = Json.parse("""
            {"summary": {"type": "scalar", "value": 312.456, "value_name": "mean_range"},
             "table": [{"mean_range": 312.456, "count": 1234}],
             "source_rows": [{"trade_date": "2024-08-05", "range": 1043.25, "high_time": "09:41"}],
             "metadata": {"period_from": "2024-01-01", "period_to": "2024-12-31"}}""");

    @Test
    void numbersOfTheResultAsShownOrRoundedAreGrounded() {
        assertThat(GroundingCheck.ungrounded("The average RTH range in 2024 was 312.46 points over 1,234 days.",
                List.of(RESULT), null)).isEmpty();
        assertThat(GroundingCheck.ungrounded("Средний диапазон — 312,5 пункта за 1 234 дня.", List.of(RESULT), null))
                .isEmpty();
        assertThat(GroundingCheck.ungrounded("The widest day was 2024-08-05 (1,043.25 points), high at 09:41.",
                List.of(RESULT), null)).isEmpty();
        assertThat(GroundingCheck.ungrounded("About 312 points.", List.of(RESULT), null)).isEmpty();
    }

    @Test
    void anInventedNumberIsNamed() {
        assertThat(GroundingCheck.ungrounded("The average range was 315.2 points, up 4.1% on the year.",
                List.of(RESULT), null)).containsExactly("315.2", "4.1");
        assertThat(GroundingCheck.ungrounded("Средний диапазон — 312,4 пункта.", List.of(RESULT), null))
                .as("312.456 rounds to 312.5, not 312.4").containsExactly("312,4");
    }

    @Test
    void numbersOfTheQuestionMayBeRepeated() {
        assertThat(GroundingCheck.ungrounded("Days with a range above 500 points: none.", List.of(RESULT),
                "days with range > 500 in 2024")).isEmpty();
        assertThat(GroundingCheck.ungrounded("Days with a range above 500 points: none.", List.of(RESULT), null))
                .containsExactly("500");
    }

    @Test
    void aCommaWithThreeDigitsMayBeEitherMark() {
        assertThat(GroundingCheck.readings("1,234")).hasSize(2);
        assertThat(GroundingCheck.readings("1,234.5")).singleElement().hasToString("1234.5");
        assertThat(GroundingCheck.readings("1 234,5")).singleElement().hasToString("1234.5");
        assertThat(GroundingCheck.readings("−2,35")).singleElement().hasToString("-2.35");
    }
}
