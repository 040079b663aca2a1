package barb.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboard and the alert rules are well-formed. That every metric they use is exported by a running Barb is
 * checked against a whole stack in {@link OperatorToolsEndToEndTest}.
 */
class MonitoringFilesTest {

    @Test
    void theDashboardIsAGrafanaDashboardWhosePanelsAllQueryPrometheus() throws Exception {
        JsonNode d = MonitoringFiles.dashboard();

        assertThat(d.path("uid").asText()).isEqualTo("barb-pipeline");
        assertThat(d.path("title").asText()).isNotBlank();
        assertThat(d.path("schemaVersion").asInt()).isGreaterThanOrEqualTo(36);
        Set<Integer> ids = new HashSet<>();
        for (JsonNode panel : d.path("panels")) {
            assertThat(ids.add(panel.path("id").asInt())).as("unique id of " + panel.path("title")).isTrue();
            assertThat(panel.path("gridPos").path("w").asInt()).isBetween(1, 24);
            if (panel.path("type").asText().equals("row")) {
                continue;
            }
            assertThat(panel.path("targets")).as(panel.path("title").asText()).isNotEmpty();
            assertThat(panel.path("datasource").path("uid").asText()).isEqualTo("${DS_PROMETHEUS}");
        }
        List<String> titles = d.path("panels").findValuesAsText("title");
        assertThat(titles).contains("Consumer lag", "Stages", "Dead letters", "Gateway", "Trace-sink", "JVM");
        for (MonitoringFiles.Expression e : MonitoringFiles.dashboardExpressions(d)) {
            assertBalanced(e);
        }
    }

    @Test
    void everyAlertRuleHasAnExpressionASeverityAndASummary() throws Exception {
        JsonNode rules = MonitoringFiles.alerts();

        List<MonitoringFiles.Expression> expressions = MonitoringFiles.alertExpressions(rules);
        assertThat(expressions).hasSizeGreaterThanOrEqualTo(8);
        for (JsonNode group : rules.path("groups")) {
            assertThat(group.path("name").asText()).startsWith("barb-");
            for (JsonNode rule : group.path("rules")) {
                String name = rule.path("alert").asText();
                assertThat(name).matches("Barb[A-Za-z]+");
                assertThat(rule.path("labels").path("severity").asText()).isIn("info", "warning", "critical");
                assertThat(rule.path("annotations").path("summary").asText()).as(name).isNotBlank();
                if (rule.has("for")) {
                    assertThat(rule.path("for").asText()).as(name).matches("\\d+[smh]");
                }
            }
        }
        for (MonitoringFiles.Expression e : expressions) {
            assertBalanced(e);
        }
        // what issue 11 asks the rules to cover
        assertThat(MonitoringFiles.alertMetrics(rules)).contains("kafka_consumergroup_group_max_lag_seconds",
                "barb_consumergroup_partition_status", "barb_dlq_records", "barb_stage_records_failed_total");
    }

    private static void assertBalanced(MonitoringFiles.Expression e) {
        int depth = 0;
        for (char c : e.promql().toCharArray()) {
            depth += c == '(' || c == '{' || c == '[' ? 1 : c == ')' || c == '}' || c == ']' ? -1 : 0;
            assertThat(depth).as(e.where() + ": " + e.promql()).isGreaterThanOrEqualTo(0);
        }
        assertThat(depth).as(e.where() + ": " + e.promql()).isZero();
        assertThat(PromQlNames.of(e.promql())).as(e.where() + " reads a metric").isNotEmpty();
    }
}
