package barb.launcher;

import barb.core.ChatState;
import barb.core.KafkaSettings;
import barb.core.ReplayMode;
import barb.core.RequestEnvelope;
import org.apache.kafka.clients.consumer.KafkaConsumer;

import java.time.Duration;

/**
 * The chat state a replay starts from: in shadow mode the one its original started from (so a follow-up is read
 * as it was then); into the chat the chat's current one (so nothing said since is overwritten), which is why those
 * replays run one at a time.
 */
final class ChatStates implements AutoCloseable {
    private final KafkaConsumer<String, byte[]> stateConsumer;
    private final CurrentChatState current;

    private ChatStates(KafkaConsumer<String, byte[]> stateConsumer, CurrentChatState current) {
        this.stateConsumer = stateConsumer;
        this.current = current;
    }

    static ChatStates forMode(ReplayMode mode, KafkaSettings kafka, ReplayRunner.Settings settings) {
        if (mode != ReplayMode.INTO_CHAT) {
            return new ChatStates(null, null);
        }
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(kafka.consumer(null,
                "barb-replay-state-" + ProcessHandle.current().pid()));
        return new ChatStates(consumer, new CurrentChatState(new TopicScan(consumer, settings.kafkaTimeout()),
                settings.readTimeout()));
    }

    /** Into the chat, each replay must wait for the one before it: it continues from that one's state. */
    boolean oneAtATime() {
        return current != null;
    }

    ChatState startState(RequestEnvelope original) {
        return current == null ? original.chatState() : current.read(original.chatId());
    }

    @Override
    public void close() {
        if (stateConsumer != null) {
            stateConsumer.close(Duration.ofSeconds(1));
        }
    }
}
