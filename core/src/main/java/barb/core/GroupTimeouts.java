package barb.core;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * How fast a group notices a member that died without leaving (kill -9, a lost machine): the broker gives the
 * dead member's partitions, and the requests waiting in them, to the others after the session time-out. Barb's
 * consumers use the consumer group protocol (KIP-848), where these are the group's settings on the broker, not
 * the client's; the broker's default session time-out of 45 s would leave a request 45 of its 60 s waiting.
 * Environment: BARB_GROUP_SESSION_TIMEOUT_MS (3000), BARB_GROUP_HEARTBEAT_MS (500).
 *
 * <p>The heartbeat comes from the consumer's background thread, so a slow handler or a long pause of the poll
 * loop does not cost the membership; only a process that stops altogether for the time-out does.
 */
public record GroupTimeouts(Duration session, Duration heartbeat) {
    private static final Logger log = LoggerFactory.getLogger(GroupTimeouts.class);
    /** Group-level config names of KIP-848 (GroupConfig in the broker). */
    static final String SESSION_CONFIG = "consumer.session.timeout.ms";
    static final String HEARTBEAT_CONFIG = "consumer.heartbeat.interval.ms";

    public GroupTimeouts {
        if (heartbeat.compareTo(session) >= 0) {
            throw new IllegalArgumentException("the group heartbeat (" + heartbeat.toMillis()
                    + " ms) must be shorter than the session time-out (" + session.toMillis() + " ms)");
        }
    }

    public static GroupTimeouts defaults() {
        return new GroupTimeouts(Duration.ofMillis(3_000), Duration.ofMillis(500));
    }

    public static GroupTimeouts fromEnv(Map<String, String> env) {
        int session = Config.intValue(env, "BARB_GROUP_SESSION_TIMEOUT_MS", 3_000, 1_000, 300_000);
        int heartbeat = Config.intValue(env, "BARB_GROUP_HEARTBEAT_MS", 500, 100, 60_000);
        return new GroupTimeouts(Duration.ofMillis(session), Duration.ofMillis(heartbeat));
    }

    /**
     * Sets these time-outs on each group. A broker whose limits forbid them (an external Kafka with default
     * limits allows no session below 45 s) keeps its own, and the log says which broker settings to change;
     * Barb still runs, only a dead member's requests wait longer.
     *
     * @return true when every group took them
     */
    public boolean apply(String bootstrap, Collection<String> groupIds) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        Map<ConfigResource, Collection<AlterConfigOp>> changes = new HashMap<>();
        List<AlterConfigOp> ops = List.of(
                new AlterConfigOp(new ConfigEntry(SESSION_CONFIG, Long.toString(session.toMillis())),
                        AlterConfigOp.OpType.SET),
                new AlterConfigOp(new ConfigEntry(HEARTBEAT_CONFIG, Long.toString(heartbeat.toMillis())),
                        AlterConfigOp.OpType.SET));
        for (String group : groupIds) {
            changes.put(new ConfigResource(ConfigResource.Type.GROUP, group), ops);
        }
        try (Admin admin = Admin.create(p)) {
            admin.incrementalAlterConfigs(changes).all().get(30, TimeUnit.SECONDS);
            log.info("consumer groups: session time-out {} ms, heartbeat {} ms, for {} groups", session.toMillis(),
                    heartbeat.toMillis(), groupIds.size());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            log.warn("Kafka kept its own group time-outs ({}): a worker that dies without leaving hands its requests "
                            + "on only after the broker's session time-out (45 s by default). For fast takeover set "
                            + "group.consumer.min.session.timeout.ms <= {} and group.consumer.min.heartbeat.interval.ms "
                            + "<= {} on the brokers", cause.toString(), session.toMillis(), heartbeat.toMillis());
            return false;
        }
    }
}
