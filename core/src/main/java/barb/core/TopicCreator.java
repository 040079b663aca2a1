package barb.core;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;

/** Creates the topics that do not exist yet; existing ones are left as they are. */
public final class TopicCreator {
    private TopicCreator() {
    }

    public static List<String> ensure(String bootstrap, List<TopicSpec> specs, short replication) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(p)) {
            Set<String> existing = admin.listTopics().names().get();
            List<NewTopic> missing = new ArrayList<>();
            for (TopicSpec s : specs) {
                if (existing.contains(s.name())) {
                    continue;
                }
                NewTopic t = new NewTopic(s.name(), s.partitions(), replication);
                Map<String, String> configs = new HashMap<>(s.configs());
                if (s.compacted() && s.retentionMs() > 0) {
                    configs.put(TopicConfig.CLEANUP_POLICY_CONFIG,
                            TopicConfig.CLEANUP_POLICY_COMPACT + "," + TopicConfig.CLEANUP_POLICY_DELETE);
                    configs.put(TopicConfig.RETENTION_MS_CONFIG, Long.toString(s.retentionMs()));
                } else if (s.compacted()) {
                    configs.put(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
                } else {
                    configs.put(TopicConfig.RETENTION_MS_CONFIG, Long.toString(s.retentionMs()));
                }
                t.configs(configs);
                missing.add(t);
            }
            if (!missing.isEmpty()) {
                try {
                    admin.createTopics(missing).all().get();
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw e;
                    }
                }
            }
            return missing.stream().map(NewTopic::name).toList();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not create topics: " + e.getCause().getMessage(), e.getCause());
        }
    }
}
