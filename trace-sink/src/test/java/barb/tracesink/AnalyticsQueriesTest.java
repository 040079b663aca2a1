package barb.tracesink;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.Json;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The seed 000 §7 analytics queries, copied as written, against what the sink stores. */
class AnalyticsQueriesTest {
    static final String COST_PER_DAY = """
            SELECT
              DATE(created_at) as day,
              COUNT(*) as requests,
              SUM((usage->'total'->>'input_tokens')::int) as input_tokens,
              SUM((usage->'total'->>'cost_usd')::numeric) as total_cost
            FROM chat_logs
            WHERE created_at > NOW() - INTERVAL '30 days'
            GROUP BY 1
            ORDER BY 1 DESC;
            """;
    static final String AVG_TIME_PER_AGENT = """
            SELECT
              agent_name,
              COUNT(*) as calls,
              AVG(duration_ms) as avg_ms,
              MAX(duration_ms) as max_ms
            FROM request_traces
            WHERE created_at > NOW() - INTERVAL '7 days'
            GROUP BY agent_name
            ORDER BY avg_ms DESC;
            """;
    static final String CLARIFICATIONS = """
            SELECT
              cl.question,
              cl.response,
              rt.output_data->'need_clarification' as clarification
            FROM chat_logs cl
            JOIN request_traces rt ON rt.request_id = cl.request_id
            WHERE rt.agent_name = 'understander'
              AND rt.output_data->>'understood' = 'false'
            ORDER BY cl.created_at DESC
            LIMIT 50;
            """;
    static final String USAGE_PER_AGENT_WEEK = """
            SELECT
              (usage->>'intent' IS NOT NULL)::int as has_intent,
              SUM((usage->'intent'->>'input_tokens')::int) as intent_input,
              SUM((usage->'understander'->>'input_tokens')::int) as understander_input,
              SUM((usage->'parser'->>'input_tokens')::int) as parser_input,
              SUM((usage->'presenter'->>'input_tokens')::int) as presenter_input
            FROM chat_logs
            WHERE created_at > NOW() - INTERVAL '7 days'
              AND usage IS NOT NULL;
            """;

    private static HikariDataSource ds;

    /** Two data requests and one that needed clarification, all from today. */
    @BeforeAll
    static void writeTraffic() throws SQLException {
        ds = TestDatabases.fresh("analytics");
        Migrations.apply(ds);
        long now = System.currentTimeMillis() - 60_000;
        String chat = Requests.id();
        String user = Requests.id();
        Requests.Request a = Requests.request(chat, user, ChatState.fresh(chat, user), "top 5 volatile days 2024",
                Requests.dataSteps(100, 300, 200, 10, 50, 400), "data", "Top 5 days …", "Volatility", now);
        Requests.Request b = Requests.request(chat, user, a.after(), "same for 2023",
                Requests.dataSteps(300, 500, 400, 30, 150, 600), "data", "For 2023 …", null, now + 5_000);
        String chat2 = Requests.id();
        Requests.Request c = Requests.request(chat2, user, ChatState.fresh(chat2, user),
                "есть смысл держать позицию в RTH?", Requests.clarifySteps(200, 400, 250), "clarify",
                "What does 'worth it' mean to you?", null, now + 10_000);
        List<BarbEvent> all = new ArrayList<>(a.events());
        all.addAll(b.events());
        all.addAll(c.events());
        assertThat(new TraceBatchWriter(ds).write(all).rejected()).isEmpty();
    }

    @AfterAll
    static void tearDown() {
        ds.close();
    }

    @Test
    void costPerDay() throws SQLException {
        List<Map<String, Object>> rows = query(COST_PER_DAY);
        // Usually one day; two when the test runs across midnight.
        assertThat(rows).hasSizeBetween(1, 2);
        assertThat(rows.stream().mapToLong(r -> ((Number) r.get("requests")).longValue()).sum()).isEqualTo(3);
        long input = 2 * (150 + 800 + 400 + 500) + (150 + 800 + 300);
        assertThat(rows.stream().mapToLong(r -> ((Number) r.get("input_tokens")).longValue()).sum()).isEqualTo(input);
        BigDecimal cost = rows.stream().map(r -> (BigDecimal) r.get("total_cost")).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat(cost.doubleValue()).isCloseTo(2 * 0.0017 + 0.0011, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void averageTimePerAgent() throws SQLException {
        List<Map<String, Object>> rows = query(AVG_TIME_PER_AGENT);
        Map<String, String> byAgent = new LinkedHashMap<>();
        for (Map<String, Object> r : rows) {
            byAgent.put((String) r.get("agent_name"), r.get("calls") + "/"
                    + ((BigDecimal) r.get("avg_ms")).stripTrailingZeros().toPlainString() + "/" + r.get("max_ms"));
        }
        assertThat(byAgent).containsExactly(
                Map.entry("presenter", "2/500/600"),
                Map.entry("understander", "3/400/500"),
                Map.entry("parser", "2/300/400"),
                Map.entry("clarifier", "1/250/250"),
                Map.entry("intent", "3/200/300"),
                Map.entry("executor", "2/100/150"),
                Map.entry("planner", "2/20/30"));
    }

    @Test
    void requestsWithClarification() throws SQLException {
        List<Map<String, Object>> rows = query(CLARIFICATIONS);
        assertThat(rows).hasSize(1);
        assertThat(rows.getFirst().get("question")).isEqualTo("есть смысл держать позицию в RTH?");
        assertThat(rows.getFirst().get("response")).isEqualTo("What does 'worth it' mean to you?");
        assertThat(Json.parse(rows.getFirst().get("clarification").toString()).get("required").get(0).get("field")
                .asText()).isEqualTo("goal");
    }

    /**
     * As written in the seed this query selects an ungrouped expression next to aggregates without GROUP BY,
     * which PostgreSQL refuses (42803) whatever the schema. It is kept verbatim to document that; the same
     * query with the missing GROUP BY 1 returns the expected sums.
     */
    @Test
    void usagePerAgentForTheWeek() throws SQLException {
        assertThatThrownBy(() -> query(USAGE_PER_AGENT_WEEK))
                .isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42803"));

        List<Map<String, Object>> rows = query(USAGE_PER_AGENT_WEEK.replace("AND usage IS NOT NULL;",
                "AND usage IS NOT NULL\nGROUP BY 1;"));
        assertThat(rows).hasSize(1);
        Map<String, Object> r = rows.getFirst();
        assertThat(((Number) r.get("has_intent")).intValue()).isEqualTo(1);
        assertThat(((Number) r.get("intent_input")).longValue()).isEqualTo(3 * 150);
        assertThat(((Number) r.get("understander_input")).longValue()).isEqualTo(3 * 800);
        assertThat(((Number) r.get("parser_input")).longValue()).isEqualTo(2 * 400);
        assertThat(((Number) r.get("presenter_input")).longValue()).isEqualTo(2 * 500);
    }

    private static List<Map<String, Object>> query(String sql) throws SQLException {
        try (Connection c = ds.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            List<Map<String, Object>> rows = new ArrayList<>();
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= columns; i++) {
                    row.put(rs.getMetaData().getColumnLabel(i), rs.getObject(i));
                }
                rows.add(row);
            }
            return rows;
        }
    }
}
