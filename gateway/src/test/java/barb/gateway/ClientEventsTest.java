package barb.gateway;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.Json;
import barb.core.RequestCompletion;
import barb.core.RequestEnvelope;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ClientEventsTest {
    private final RequestEnvelope env = RequestEnvelope.start("r1", "c1", "u1", "q", 1, 1000, true, null);

    @Test
    void requestStartedIsNotForTheClient() {
        assertThat(ClientEvents.of(BarbEvent.requestStarted(env, true, 1))).isNull();
    }

    @Test
    void doneCarriesATitleOnlyWhenTheRequestSetOne() {
        ChatState state = new ChatState("c1", "u1", "Old title", null, null, "r1", 5);
        RequestCompletion withoutNew = new RequestCompletion("data", "a", List.of("intent", "parser"),
                Map.of("total", Usage.ZERO), 42, null, state, true);
        JsonNode done = ClientEvents.of(BarbEvent.done(env, withoutNew, 5)).data();
        assertThat(done.get("request_id").asText()).isEqualTo("r1");
        assertThat(done.get("chat_id").asText()).isEqualTo("c1");
        assertThat(done.get("route").asText()).isEqualTo("data");
        assertThat(done.get("agents_used")).extracting(JsonNode::asText).containsExactly("intent", "parser");
        assertThat(done.get("duration_ms").asLong()).isEqualTo(42);
        assertThat(done.has("title")).isFalse();

        RequestCompletion withNew = new RequestCompletion("data", "a", List.of(), Map.of(), 1, "New", state, true);
        assertThat(ClientEvents.of(BarbEvent.done(env, withNew, 5)).data().get("title").asText()).isEqualTo("New");
    }

    @Test
    void malformedDoneStillEndsTheStream() {
        BarbEvent broken = new BarbEvent(1, barb.core.EventType.DONE, "r1", "c1", "u1", 3, null, 5,
                Json.object().put("agents_used", "not a list"));
        ClientEvents.ClientEvent e = ClientEvents.of(broken);
        assertThat(e.name()).isEqualTo("done");
        assertThat(e.data().get("request_id").asText()).isEqualTo("r1");
    }

    @Test
    void errorAndDataBlockPayloads() {
        JsonNode err = ClientEvents.of(BarbEvent.error(env, "parser", "llm_failed", "Try again", 5)).data();
        assertThat(Json.toString(err)).isEqualTo("{\"code\":\"llm_failed\",\"message\":\"Try again\"}");
        JsonNode block = Json.object().put("title", "t").put("row_count", 3);
        assertThat(ClientEvents.of(BarbEvent.dataBlock(env, "presenter", block, 5)).data()).isEqualTo(block);
    }
}
