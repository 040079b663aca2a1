package barb.dlq;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;

/**
 * The audit file of discarded dead letters: one JSON line per discard, with who, when and why and the whole
 * record (every header, the payload), appended and forced to disk before the discard marker is written. The topic
 * drops the record at retention; this copy stays, so a discard never loses a record, and a discard that was meant
 * but not marked (Kafka refused the marker) is still on file.
 */
public final class DiscardAudit implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;

    private DiscardAudit(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** @throws IOException when the file cannot be created or opened for appending */
    public static DiscardAudit open(Path file) throws IOException {
        Path absolute = file.toAbsolutePath();
        if (absolute.getParent() != null) {
            Files.createDirectories(absolute.getParent());
        }
        FileChannel channel = FileChannel.open(absolute, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        return new DiscardAudit(absolute, channel);
    }

    public Path file() {
        return file;
    }

    /** {@code host:path}: where the audit copy is, as the marker in the topic names it for other machines. */
    public String where() {
        return hostName() + ":" + file;
    }

    /** Appends one line and forces it to disk. */
    void write(JsonNode line) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap((Json.toString(line) + "\n").getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
        channel.force(true);
    }

    /** The audit line of one discard: the decision and the whole dead letter. */
    static ObjectNode line(DeadLetter d, String reason, String by, long atMs) {
        ObjectNode o = Json.object();
        o.put("discarded_at", Instant.ofEpochMilli(atMs).toString());
        o.put("by", by);
        o.put("reason", reason);
        o.put("dlq_offset", d.offset());
        o.put("state_before", d.state().name());
        o.put("request_id", d.requestId());
        o.put("stage", d.stage());
        o.put("reason_class", d.reason());
        o.put("message", d.message());
        o.put("error", d.error());
        o.put("failed_on", d.source());
        o.put("attempts", d.attempts());
        o.put("max_attempts", d.maxAttempts());
        o.put("first_failure", Instant.ofEpochMilli(d.firstFailureMs()).toString());
        o.put("last_failure", Instant.ofEpochMilli(d.lastFailureMs()).toString());
        ObjectNode headers = o.putObject("headers");
        for (Map.Entry<String, String> h : d.headers().entrySet()) {
            headers.put(h.getKey(), h.getValue());
        }
        byte[] payload = d.payload() == null ? new byte[0] : d.payload();
        o.put("payload_bytes", payload.length);
        o.put("payload_sha256", sha256(payload));
        // Base64 keeps the payload exactly as it failed, whatever it is (a bad record is often not even text).
        o.put("payload_base64", Base64.getEncoder().encodeToString(payload));
        return o;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
