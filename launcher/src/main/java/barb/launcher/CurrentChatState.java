package barb.launcher;

import barb.core.ChatState;
import barb.core.ContractException;
import barb.core.Json;
import barb.core.Topics;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A chat's latest state on the compacted {@link Topics#CHAT_STATE}, for a replay that runs into the chat: it must
 * continue the chat as it is now (its memory, its clarification dialogue), not as it was when the original ran, or
 * its completion would overwrite everything said since.
 */
final class CurrentChatState {
    private final TopicScan scan;
    private final Duration readTimeout;

    CurrentChatState(TopicScan scan, Duration readTimeout) {
        this.scan = scan;
        this.readTimeout = readTimeout;
    }

    /** The latest state written for the chat, or null when none is there (then the chat starts afresh). */
    ChatState read(String chatId) {
        int partitions = scan.partitions(Topics.CHAT_STATE).size();
        TopicPartition tp = TopicScan.partitionOf(Topics.CHAT_STATE, chatId, partitions);
        long from = scan.beginnings(List.of(tp)).get(tp);
        long until = scan.ends(List.of(tp)).get(tp);
        ChatState[] latest = {null};
        scan.read(Map.of(tp, new TopicScan.Range(from, until)), readTimeout, rec -> {
            if (!chatId.equals(rec.key())) {
                return;
            }
            if (rec.value() == null) {
                latest[0] = null;
                return;
            }
            try {
                latest[0] = Json.fromBytes(rec.value(), ChatState.class);
            } catch (ContractException e) {
                // an unreadable state is no state; the chat then continues with a fresh memory
            }
        });
        return latest[0];
    }
}
