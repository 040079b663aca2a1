package barb.launcher;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PromQlNamesTest {

    @Test
    void keepsMetricsAndDropsFunctionsLabelsClausesAndVariables() {
        assertThat(PromQlNames.of("histogram_quantile(0.99, sum by (stage, le) "
                + "(rate(barb_stage_handler_duration_seconds_bucket{stage=~\"$stage\"}[$__rate_interval])))"))
                .containsExactly("barb_stage_handler_duration_seconds_bucket");
        assertThat(PromQlNames.of("sum by (stage) (rate(a_total[5m])) / sum by (stage) (rate(b_total[5m])) > 0.05"))
                .containsExactly("a_total", "b_total");
        assertThat(PromQlNames.of("(sum(barb_dlq_records) or vector(0)) - (sum(barb_dlq_records offset 15m) "
                + "or vector(0)) > 0")).containsExactly("barb_dlq_records");
        assertThat(PromQlNames.of("max by (group) (x{cluster_name=\"barb\", status=~\"STALL|STOP\"}) == 2"))
                .containsExactly("x");
        assertThat(PromQlNames.of("process_cpu_usage")).containsExactly("process_cpu_usage");
    }

    @Test
    void aVariableQueryNamesItsMetricNotItsLabel() {
        assertThat(PromQlNames.ofVariableQuery("label_values(kafka_consumergroup_group_max_lag{cluster_name=\"barb\"}, "
                + "group)")).containsExactly("kafka_consumergroup_group_max_lag");
    }
}
