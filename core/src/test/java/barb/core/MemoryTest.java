package barb.core;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MemoryTest {
    @Test
    void keepsTheLastTenMessagesAndSummarisesTheRest() {
        Memory m = Memory.empty();
        for (int i = 1; i <= 7; i++) {
            m = m.withExchange("question " + i, "answer " + i);
        }
        assertThat(m.recent()).hasSize(Memory.RECENT_LIMIT);
        assertThat(m.recent().get(0).content()).isEqualTo("question 3");
        assertThat(m.contextCompacted()).isTrue();
        assertThat(m.summaries()).hasSizeLessThanOrEqualTo(Memory.MAX_SUMMARIES);
        assertThat(String.join(" ", m.summaries().stream().map(MemorySummary::content).toList()))
                .contains("question 1").contains("question 2");
    }

    @Test
    void neverKeepsMoreThanThreeSummaries() {
        Memory m = Memory.empty();
        for (int i = 1; i <= 30; i++) {
            m = m.withExchange("q" + i, "a" + i);
        }
        assertThat(m.summaries()).hasSize(Memory.MAX_SUMMARIES);
    }

    @Test
    void emptyMemoryHasNoContext() {
        assertThat(Memory.empty().asContext()).isNull();
        assertThat(Memory.empty().withExchange("hi", "hello").asContext()).contains("user: hi").contains("assistant: hello");
    }

    @Test
    void clarificationCountsRounds() {
        ClarificationState s = ClarificationState.none();
        s = s.asked("typical range?", "RTH or ETH?", null);
        assertThat(s.awaiting()).isTrue();
        assertThat(s.originalQuestion()).isEqualTo("typical range?");
        s = s.asked("ignored", "again?", null).asked("ignored", "third?", null);
        assertThat(s.rounds()).isEqualTo(3);
        assertThat(s.originalQuestion()).isEqualTo("typical range?");
        assertThat(s.roundsExhausted()).isTrue();
        assertThat(s.historyWithAnswer("x")).hasSize(4);
    }

    @Test
    void keyFactsReplaceByKeyAndKeepTheNewestFive() {
        Memory m = Memory.empty().withKeyFacts(java.util.List.of("last query: count days in 2023", "session: RTH"));
        m = m.withKeyFacts(java.util.List.of("last query: count days in 2022"));
        assertThat(m.keyFact("last query")).isEqualTo("count days in 2022");
        assertThat(m.keyFact("session")).isEqualTo("RTH");
        assertThat(m.keyFacts()).hasSize(2);
        for (int i = 0; i < 6; i++) {
            m = m.withKeyFacts(java.util.List.of("fact" + i + ": " + i));
        }
        assertThat(m.keyFacts()).hasSize(Memory.MAX_KEY_FACTS);
        assertThat(m.keyFact("last query")).isNull();
        assertThat(m.keyFact("fact5")).isEqualTo("5");
        assertThat(m.asContext()).contains("fact: fact5: 5");
    }
}
