package barb.agents.chat;

import barb.agents.RulesAgents;
import barb.core.DataCoverage;
import barb.core.Json;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

/** Whole dialogues through the rules agents, turn after turn, as a chat carries its memory. */
class ConversationRunnerTest {
    private static final DataCoverage DATA = new DataCoverage(LocalDate.parse("2008-01-02"),
            LocalDate.parse("2026-01-07"), "test");

    private final ConversationRunner chat = new ConversationRunner(RulesAgents.handlers(() -> DATA));

    @Test
    void theDaysOfANotionJustExplainedAreWhatTheNextQuestionCounts() {
        ConversationRunner.Turn explained = chat.ask("что такое доджи?");
        assertThat(explained.route()).isEqualTo("concept");

        ConversationRunner.Turn counted = chat.ask("а сколько таких дней было в 2024 на ртх?");

        assertThat(counted.route()).isEqualTo("data");
        String plan = Json.toString(counted.plans());
        assertThat(plan).contains("\"operation\":\"count\"").contains("\"patterns\":[\"doji\"]")
                .contains("\"from\":\"2024-01-01\"").contains("\"session\":\"RTH\"");
    }

    @Test
    void aNotionThatNamesNoDaysLeavesNothingToFollow() {
        chat.ask("what is the median?");

        ConversationRunner.Turn next = chat.ask("and in 2024?");

        assertThat(Json.toString(next.plans())).doesNotContain("patterns\":[\"");
    }
}
