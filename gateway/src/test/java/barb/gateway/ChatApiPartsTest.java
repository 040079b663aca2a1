package barb.gateway;

import io.helidon.http.Method;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The small pieces of the chat API that need no server. */
class ChatApiPartsTest {
    private static final String REQUEST = "0b6f0c1e-7c44-4a51-9a57-4a0c35b9f3d2";

    @Test
    void lastEventIdIsTheRequestAndTheNumberOfTheClientsLastEvent() {
        assertThat(LastEventId.parse(null, REQUEST)).isZero();
        assertThat(LastEventId.parse("  ", REQUEST)).isZero();
        assertThat(LastEventId.parse(REQUEST + ":7", REQUEST)).isEqualTo(7);
        assertThat(LastEventId.parse(" " + REQUEST.toUpperCase() + ":0 ", REQUEST)).isZero();
        for (String bad : new String[]{"7", REQUEST, REQUEST + ":", REQUEST + ":-2", REQUEST + ":1.5",
                UUID.randomUUID() + ":3"}) {
            assertThatThrownBy(() -> LastEventId.parse(bad, REQUEST)).as(bad).isInstanceOf(HttpError.class)
                    .hasMessageStartingWith("Last-Event-ID:");
        }
    }

    @Test
    void aRoutesPatternMatchesOneSegmentPerParameterAndNothingElse() {
        ApiRoute chat = new ApiRoute(Method.PATCH, "/chats/{id}", ApiRoute.Access.USER, (req, res) -> { });
        assertThat(chat.pattern().matcher("/chats/" + REQUEST).matches()).isTrue();
        assertThat(chat.pattern().matcher("/chats/" + REQUEST + "/messages").matches()).isFalse();
        assertThat(chat.pattern().matcher("/chats/").matches()).isFalse();
        ApiRoute doc = new ApiRoute(Method.GET, "/openapi.json", ApiRoute.Access.PUBLIC, (req, res) -> { });
        assertThat(doc.pattern().matcher("/openapi.json").matches()).isTrue();
        assertThat(doc.pattern().matcher("/openapiXjson").matches()).isFalse();
    }

    @Test
    void theEventLogReadsThePartitionTheProducerWroteTo() {
        for (int i = 0; i < 200; i++) {
            String key = UUID.randomUUID().toString();
            for (int partitions : new int[]{1, 3, 12}) {
                assertThat(RequestEventLog.partitionOf(key, partitions))
                        .isEqualTo(BuiltInPartitioner.partitionForKey(key.getBytes(StandardCharsets.UTF_8), partitions));
            }
        }
    }

    @Test
    void liveRequestsAreKnownUntilAWhileAfterTheirGiveUpTime() {
        AtomicLong now = new AtomicLong(1_000_000);
        LiveRequests live = new LiveRequests(now::get);
        live.started("r1", "u1", "c1", now.get(), now.get() + 65_000);
        assertThat(live.get("r1")).hasValueSatisfying(r -> assertThat(r.finished()).isFalse());
        live.finished("r1");
        assertThat(live.get("r1")).hasValueSatisfying(r -> {
            assertThat(r.finished()).isTrue();
            assertThat(r.userId()).isEqualTo("u1");
            assertThat(r.chatId()).isEqualTo("c1");
        });
        now.addAndGet(65_000 + LiveRequests.KEEP_AFTER_MS + 1);
        assertThat(live.get("r1")).isEmpty();
        live.started("r2", "u2", "c2", now.get(), now.get() + 65_000);
        assertThat(live.size()).isEqualTo(1);
    }

    @Test
    void oldLiveRequestsAreSweptAtMostOnceASecond() {
        AtomicLong now = new AtomicLong(1_000_000);
        LiveRequests live = new LiveRequests(now::get);
        long longPast = now.get() - LiveRequests.KEEP_AFTER_MS - 1;
        live.started("r1", "u1", "c1", longPast, longPast);
        assertThat(live.get("r1")).as("forgotten to a reader at once").isEmpty();
        now.addAndGet(LiveRequests.SWEEP_EVERY_MS - 1);
        live.started("r2", "u1", "c1", now.get(), now.get());
        assertThat(live.size()).as("no second sweep within a second").isEqualTo(2);
        now.addAndGet(1);
        live.started("r3", "u1", "c1", now.get(), now.get());
        assertThat(live.size()).as("r1 swept a second after the first sweep").isEqualTo(2);
        assertThat(live.get("r2")).isPresent();
    }

    @Test
    void feedbackKeepsTheVoteAndATrimmedCommentAndShowsNothingElse() {
        Feedback f = Feedback.parse(barb.core.Json.parse("{\"vote\": \"down\", \"comment\": \"  wrong year\\u0007 \"}"));
        assertThat(f).isEqualTo(new Feedback("down", "wrong year"));
        assertThat(Feedback.parse(barb.core.Json.parse("{\"vote\": \"up\", \"comment\": \"   \"}")).comment()).isNull();
        assertThat(Feedback.shown(f.stored(java.time.Instant.EPOCH)).toString())
                .isEqualTo("{\"vote\":\"down\",\"comment\":\"wrong year\"}");
        assertThat(Feedback.shown(barb.core.Json.parse("{\"rating\": 5}")).isNull()).isTrue();
    }
}
