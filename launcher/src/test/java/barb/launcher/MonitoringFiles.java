package barb.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The Grafana dashboard and the Prometheus rules under docs/, read as data, and the names a scrape exports. */
final class MonitoringFiles {
    static final String DASHBOARD = "docs/grafana/barb-dashboard.json";
    static final String ALERTS = "docs/prometheus/barb-alerts.yml";

    /** @param where which panel or rule, for messages */
    record Expression(String where, String promql) {
    }

    private MonitoringFiles() {
    }

    static JsonNode dashboard() throws IOException {
        return new ObjectMapper().readTree(file(DASHBOARD).toFile());
    }

    static JsonNode alerts() throws IOException {
        return new YAMLMapper().readTree(file(ALERTS).toFile());
    }

    /** Every query of every panel, and every variable query (for which only the metric counts). */
    static List<Expression> dashboardExpressions(JsonNode dashboard) {
        List<Expression> out = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                out.add(new Expression("panel '" + panel.path("title").asText() + "'", target.path("expr").asText()));
            }
        }
        return out;
    }

    static Set<String> dashboardMetrics(JsonNode dashboard) {
        Set<String> names = new TreeSet<>();
        for (Expression e : dashboardExpressions(dashboard)) {
            names.addAll(PromQlNames.of(e.promql()));
        }
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if (variable.path("type").asText().equals("query")) {
                JsonNode query = variable.path("query");
                names.addAll(PromQlNames.ofVariableQuery(query.isObject() ? query.path("query").asText()
                        : query.asText()));
            }
        }
        return names;
    }

    static List<Expression> alertExpressions(JsonNode alerts) {
        List<Expression> out = new ArrayList<>();
        for (JsonNode group : alerts.path("groups")) {
            for (JsonNode rule : group.path("rules")) {
                out.add(new Expression("rule " + rule.path("alert").asText(), rule.path("expr").asText()));
            }
        }
        return out;
    }

    static Set<String> alertMetrics(JsonNode alerts) {
        Set<String> names = new TreeSet<>();
        for (Expression e : alertExpressions(alerts)) {
            names.addAll(PromQlNames.of(e.promql()));
        }
        return names;
    }

    /** The sample names of a Prometheus text exposition ({@code x_bucket}, {@code x_count} … for histograms). */
    static Set<String> exportedNames(String scrape) {
        Set<String> names = new TreeSet<>();
        for (String line : scrape.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int end = 0;
            while (end < line.length() && line.charAt(end) != '{' && line.charAt(end) != ' ') {
                end++;
            }
            names.add(line.substring(0, end));
        }
        return names;
    }

    private static Path file(String relative) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(relative))) {
                return dir.resolve(relative);
            }
        }
        throw new IllegalStateException(relative + " not found above " + Path.of("").toAbsolutePath());
    }
}
