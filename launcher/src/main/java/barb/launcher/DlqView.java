package barb.launcher;

import barb.core.Json;
import barb.dlq.DeadLetter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

/** A dead letter as JSON for {@code barb dlq list --json} and {@code show --json}. */
final class DlqView {
    private DlqView() {
    }

    /** The fields of one line of the list. */
    static ObjectNode summary(DeadLetter d, long nowMs) {
        ObjectNode o = Json.object();
        o.put("dlq_offset", d.offset());
        o.put("state", d.state().name());
        o.put("stage", d.stage());
        o.put("reason", d.reason());
        o.put("request_id", d.requestId());
        o.put("message", d.message());
        o.put("error", d.error());
        o.put("topic", d.topic());
        o.put("partition", d.partition());
        o.put("offset", d.sourceOffset());
        o.put("attempts", d.attempts());
        o.put("max_attempts", d.maxAttempts());
        o.put("first_failure", Instant.ofEpochMilli(d.firstFailureMs()).toString());
        o.put("last_failure", Instant.ofEpochMilli(d.lastFailureMs()).toString());
        o.put("age_seconds", d.ageMs(nowMs) / 1000.0);
        o.put("redriven_to", d.redrivenTo());
        if (d.discarded() != null) {
            ObjectNode discarded = o.putObject("discarded");
            discarded.put("reason", d.discarded().reason());
            discarded.put("by", d.discarded().by());
            discarded.put("at", Instant.ofEpochMilli(d.discarded().atMs()).toString());
            discarded.put("audit", d.discarded().audit());
        }
        return o;
    }

    /** Everything: the summary, every header and the payload (as JSON when it is JSON). */
    static ObjectNode whole(DeadLetter d, long nowMs) {
        ObjectNode o = summary(d, nowMs);
        ObjectNode headers = o.putObject("headers");
        for (Map.Entry<String, String> h : d.headers().entrySet()) {
            headers.put(h.getKey(), h.getValue());
        }
        JsonNode payload = payloadJson(d.payload());
        if (payload != null) {
            o.set("payload", payload);
        } else {
            o.put("payload_text", d.payload() == null ? null : new String(d.payload(), StandardCharsets.UTF_8));
        }
        return o;
    }

    /** The payload as JSON, or null when it is not JSON (a bad record is often exactly that). */
    static JsonNode payloadJson(byte[] payload) {
        if (payload == null) {
            return null;
        }
        try {
            return Json.parse(new String(payload, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return null;
        }
    }
}
