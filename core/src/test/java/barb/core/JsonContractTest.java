package barb.core;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonContractTest {
    @Test
    void envelopeRoundTripsWithSnakeCaseNames() {
        RequestEnvelope env = RequestEnvelope.start("r1", "c1", "u1", "hi", 1000, 61_000, true,
                ChatState.fresh("c1", "u1"));
        String json = Json.toString(env);
        assertThat(json).contains("\"request_id\":\"r1\"").contains("\"deadline_ms\":61000");

        RequestEnvelope back = Json.fromBytes(json.getBytes(StandardCharsets.UTF_8), RequestEnvelope.class);
        assertThat(back).isEqualTo(env);
    }

    @Test
    void unknownFieldsAreIgnored() {
        String json = "{\"schema_version\":1,\"request_id\":\"r\",\"chat_id\":\"c\",\"user_id\":\"u\","
                + "\"question\":\"q\",\"deadline_ms\":5,\"step\":1,\"some_future_field\":{\"x\":1}}";
        RequestEnvelope env = Json.fromString(json, RequestEnvelope.class).validated();
        assertThat(env.requestId()).isEqualTo("r");
    }

    @Test
    void missingRequiredFieldsAreAContractError() {
        String json = "{\"schema_version\":1,\"chat_id\":\"c\",\"user_id\":\"u\",\"question\":\"q\",\"deadline_ms\":5,\"step\":1}";
        assertThatThrownBy(() -> Json.fromString(json, RequestEnvelope.class).validated())
                .isInstanceOf(ContractException.class).hasMessageContaining("request_id");
        assertThatThrownBy(() -> Json.fromBytes("not json".getBytes(StandardCharsets.UTF_8), RequestEnvelope.class))
                .isInstanceOf(ContractException.class);
        assertThatThrownBy(() -> Json.fromBytes(null, BarbEvent.class)).isInstanceOf(ContractException.class);
    }

    @Test
    void aReplayCarriesItsOriginalAndModeAndStartsAfresh() {
        RequestEnvelope original = RequestEnvelope.start("r1", "c1", "u1", "hi", 1000, 61_000, true,
                ChatState.fresh("c1", "u1")).advanced("intent", Usage.ZERO);
        RequestEnvelope replay = RequestEnvelope.replay(original, "r2", ReplayMode.SHADOW, original.chatState(),
                5000, 65_000);

        String json = Json.toString(replay);
        assertThat(json).contains("\"replay_of\":\"r1\"").contains("\"replay_mode\":\"shadow\"");
        RequestEnvelope back = Json.fromString(json, RequestEnvelope.class).validated();
        assertThat(back).isEqualTo(replay);
        assertThat(back.requestId()).isEqualTo("r2");
        assertThat(back.step()).isEqualTo(1);
        assertThat(back.agentsUsed()).isEmpty();
        assertThat(back.deadlineMs()).isEqualTo(65_000);
        assertThat(back.isShadowReplay()).isTrue();
        assertThat(RequestEnvelope.replay(original, "r3", ReplayMode.INTO_CHAT, null, 1, 2).isShadowReplay())
                .isFalse();
    }

    @Test
    void aRequestWrittenBeforeReplayExistedReadsAsALiveOne() {
        String json = "{\"schema_version\":1,\"request_id\":\"r\",\"chat_id\":\"c\",\"user_id\":\"u\","
                + "\"question\":\"q\",\"deadline_ms\":5,\"step\":1}";
        RequestEnvelope env = Json.fromString(json, RequestEnvelope.class).validated();
        assertThat(env.replayOf()).isNull();
        assertThat(env.replayMode()).isNull();
        assertThat(env.isShadowReplay()).isFalse();
    }

    @Test
    void aReplayMustNameAnotherRequestAndItsMode() {
        String base = "{\"schema_version\":1,\"request_id\":\"r\",\"chat_id\":\"c\",\"user_id\":\"u\","
                + "\"question\":\"q\",\"deadline_ms\":5,\"step\":1";
        assertThatThrownBy(() -> Json.fromString(base + ",\"replay_of\":\"r\",\"replay_mode\":\"shadow\"}",
                RequestEnvelope.class).validated()).isInstanceOf(ContractException.class)
                .hasMessageContaining("replay_of");
        assertThatThrownBy(() -> Json.fromString(base + ",\"replay_of\":\"other\"}", RequestEnvelope.class)
                .validated()).isInstanceOf(ContractException.class).hasMessageContaining("replay_mode");
        assertThatThrownBy(() -> Json.fromString(base + ",\"replay_of\":\"o\",\"replay_mode\":\"loud\"}",
                RequestEnvelope.class)).isInstanceOf(ContractException.class);
    }

    @Test
    void theStartedEventOfAReplayNamesItsOriginalAndMode() {
        RequestEnvelope original = RequestEnvelope.start("r1", "c1", "u1", "hi", 1000, 61_000, true, null);
        RequestEnvelope replay = RequestEnvelope.replay(original, "r2", ReplayMode.SHADOW, null, 5000, 65_000);
        BarbEvent started = BarbEvent.requestStarted(replay, false, 5000);
        assertThat(started.payload().path("replay_of").asText()).isEqualTo("r1");
        assertThat(started.payload().path("replay_mode").asText()).isEqualTo("shadow");
        assertThat(BarbEvent.requestStarted(original, true, 1000).payload().has("replay_of")).isFalse();
    }

    @Test
    void usageTotalsCountEachCallOnce() {
        RequestEnvelope env = RequestEnvelope.start("r", "c", "u", "q", 0, 10, false, null)
                .advanced("intent", new Usage(100, 10, 0, 50, 0.001))
                .advanced("understander", new Usage(200, 20, 5, 0, 0.002));
        assertThat(env.step()).isEqualTo(3);
        assertThat(env.agentsUsed()).containsExactly("intent", "understander");
        Usage total = env.totalUsage();
        assertThat(total.inputTokens()).isEqualTo(300);
        assertThat(total.thinkingTokens()).isEqualTo(5);
        assertThat(total.costUsd()).isEqualTo(0.003, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void doneEventCarriesTheCompletion() {
        RequestEnvelope env = RequestEnvelope.start("r", "c", "u", "q", 0, 10, false, null);
        RequestCompletion c = new RequestCompletion("data", "answer", java.util.List.of("intent"),
                java.util.Map.of("total", Usage.ZERO), 42, null, ChatState.fresh("c", "u"), true);
        BarbEvent e = BarbEvent.done(env, c, 5);
        BarbEvent back = Json.fromBytes(Json.toBytes(e), BarbEvent.class).validated();
        assertThat(back.type()).isEqualTo(EventType.DONE);
        assertThat(back.completion().route()).isEqualTo("data");
        assertThat(back.completion().durationMs()).isEqualTo(42);
        assertThat(Json.toString(e)).contains("\"type\":\"done\"");
    }
}
