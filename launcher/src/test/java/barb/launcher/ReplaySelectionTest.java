package barb.launcher;

import barb.core.RequestEnvelope;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReplaySelectionTest {
    private static final Instant NOW = Instant.parse("2025-03-10T12:00:00Z");
    private static final String A = "0b0c0d0e-0000-4000-8000-000000000001";
    private static final String B = "0b0c0d0e-0000-4000-8000-000000000002";

    @Test
    void requestIdsMayBeRepeatedOrListedAndCountOnce() {
        ReplaySelection s = ReplaySelection.parse(List.of(A + "," + B, " " + A + " "), null, null, null, null, NOW);
        assertThat(s.requestIds()).containsExactly(A, B);
        assertThat(s.byIdOnly()).isTrue();
    }

    @Test
    void timesAreInstantsDatesInUtcOrATimeAgo() {
        assertThat(ReplaySelection.parse(List.of(), null, null, "2025-03-09T08:30:00Z", null, NOW).from())
                .isEqualTo(Instant.parse("2025-03-09T08:30:00Z"));
        assertThat(ReplaySelection.parse(List.of(), null, null, "2025-03-09T08:30:00+02:00", null, NOW).from())
                .isEqualTo(Instant.parse("2025-03-09T06:30:00Z"));
        assertThat(ReplaySelection.parse(List.of(), null, null, "2025-03-09", "2025-03-10T00:00", NOW))
                .extracting(ReplaySelection::from, ReplaySelection::to)
                .containsExactly(Instant.parse("2025-03-09T00:00:00Z"), Instant.parse("2025-03-10T00:00:00Z"));
        assertThat(ReplaySelection.parse(List.of(), null, null, "2h", null, NOW).from())
                .isEqualTo(Instant.parse("2025-03-10T10:00:00Z"));
        assertThat(ReplaySelection.parse(List.of(), null, null, "30m ago", null, NOW).from())
                .isEqualTo(Instant.parse("2025-03-10T11:30:00Z"));
        assertThat(ReplaySelection.parse(List.of(), null, null, "1d", null, NOW).from())
                .isEqualTo(Instant.parse("2025-03-09T12:00:00Z"));
    }

    @Test
    void nothingIsReplayedByDefault() {
        assertThatThrownBy(() -> ReplaySelection.parse(List.of(), null, null, null, null, NOW))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("say which requests");
        assertThatThrownBy(() -> ReplaySelection.parse(List.of(), null, null, null, "2025-03-09", NOW))
                .as("an end alone would mean everything before it").hasMessageContaining("say which requests");
    }

    @Test
    void badIdsAndTimesNameTheirOption() {
        assertThatThrownBy(() -> ReplaySelection.parse(List.of("nope"), null, null, null, null, NOW))
                .hasMessageContaining("--request").hasMessageContaining("'nope'");
        assertThatThrownBy(() -> ReplaySelection.parse(List.of("1-2-3-4-5"), null, null, null, null, NOW))
                .hasMessageContaining("--request");
        assertThatThrownBy(() -> ReplaySelection.parse(List.of(), "chat-7", null, null, null, NOW))
                .hasMessageContaining("--chat");
        assertThatThrownBy(() -> ReplaySelection.parse(List.of(), null, "me", null, null, NOW))
                .hasMessageContaining("--user");
        assertThatThrownBy(() -> ReplaySelection.parse(List.of(), null, null, "yesterday", null, NOW))
                .hasMessageContaining("--from").hasMessageContaining("'yesterday'");
        assertThatThrownBy(() -> ReplaySelection.parse(List.of(), null, null, "2025-03-09", "2025-03-08", NOW))
                .hasMessageContaining("must be before --to");
        assertThatThrownBy(() -> ReplaySelection.parse(List.of(), null, null, "2025-04-01", null, NOW))
                .hasMessageContaining("in the future");
    }

    @Test
    void matchesOnEveryCriterionGiven() {
        ReplaySelection s = ReplaySelection.parse(List.of(), A, null, "2025-03-09", "2025-03-10", NOW);
        RequestEnvelope inChat = RequestEnvelope.start(B, A, "u", "q", 0, 1, false, null);
        RequestEnvelope elsewhere = RequestEnvelope.start(B, B, "u", "q", 0, 1, false, null);
        long inside = Instant.parse("2025-03-09T10:00:00Z").toEpochMilli();
        long after = Instant.parse("2025-03-10T00:00:00Z").toEpochMilli();

        assertThat(s.matches(inChat, inside)).isTrue();
        assertThat(s.matches(elsewhere, inside)).isFalse();
        assertThat(s.matches(inChat, after)).as("--to is exclusive").isFalse();
        assertThat(s.byIdOnly()).isFalse();
    }
}
