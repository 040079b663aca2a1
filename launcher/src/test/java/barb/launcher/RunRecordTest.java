package barb.launcher;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.EventType;
import barb.core.RequestCompletion;
import barb.core.RequestEnvelope;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RunRecordTest {
    @Test
    void aSlimmedDoneEventKeepsWhatARunRecordReadsAndDropsTheChatState() {
        RequestEnvelope env = RequestEnvelope.start("r1", "c", "u", "q", 0, 60_000, false, ChatState.fresh("c", "u"));
        ChatState after = ChatState.fresh("c", "u");
        BarbEvent done = BarbEvent.done(env, new RequestCompletion("data", "The top day ranged 245.25 points.",
                List.of("planner"), Map.of(), 412, "Top days", after, true), 412);
        assertThat(done.payload().has("chat_state")).as("the done event as stages write it").isTrue();

        BarbEvent slim = RunRecord.slimmed(done);

        assertThat(slim.type()).isEqualTo(EventType.DONE);
        assertThat(slim.payload().has("chat_state")).isFalse();
        assertThat(slim.payload().has("usage")).isFalse();
        RunRecord record = RunRecord.of("r1", List.of(slim));
        assertThat(record.finished()).isTrue();
        assertThat(record.route()).isEqualTo("data");
        assertThat(record.answer()).isEqualTo("The top day ranged 245.25 points.");
        assertThat(record.durationMs()).isEqualTo(412);
        assertThat(done.payload().has("chat_state")).as("the event read is not changed").isTrue();
    }
}
