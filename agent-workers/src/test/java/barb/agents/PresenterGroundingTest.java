package barb.agents;

import barb.agents.answers.GroundingCheck;
import barb.core.EventType;
import barb.core.Json;
import barb.core.Plan;
import barb.core.RequestEnvelope;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property test of the rules presenter: over every result shape (ResultShapes) and a set of plan variations
 * (sessions, periods, filters, events, patterns, runs, time windows, weekly bars), in English and Russian, every
 * number the answer shows comes from the result, the plan or the question (GroundingCheck), and the text names
 * nothing the way the code does (column names, session codes, "= 1").
 */
class PresenterGroundingTest {
    /** Changes of the plan that every operation's wording must carry without inventing a number. */
    static final List<String> VARIATIONS = List.of(
            "{}",
            "{\"session\": \"RTH_OPEN\"}",
            "{\"session\": \"OVERNIGHT\", \"period\": {\"from\": \"2015-01-01\"}}",
            "{\"session\": \"NY_CLOSE\", \"period\": {\"from\": \"2024-03-01\", \"to\": \"2024-03-31\"},"
                    + " \"weekdays\": [\"mon\", \"5\"]}",
            "{\"filters\": [{\"metric\": \"is_fomc\", \"op\": \"=\", \"value\": 0}], \"events\": [\"opex\"]}",
            "{\"filters\": [{\"metric\": \"gap_pct\", \"op\": \">\", \"value\": 0.5}, {\"metric\": \"range\","
                    + " \"op\": \">\", \"value\": 1.5, \"ref\": \"avg\", \"days\": 20}],"
                    + " \"time\": {\"from\": \"10:00\", \"to\": \"11:30\"}}",
            "{\"filters\": [{\"metric\": \"change_pct\", \"op\": \"<=\", \"value\": -2}, {\"metric\":"
                    + " \"broke_overnight_low\", \"op\": \"=\", \"value\": 1}], \"patterns\": [\"doji\", \"nr7\"],"
                    + " \"consecutive\": {\"color\": \"green\", \"length\": 3, \"mode\": \"exactly\"}}",
            "{\"timeframe\": \"1W\", \"months\": [\"3\"], \"period\": {\"from\": \"2020-01-01\", \"to\": \"2023-12-31\"}}",
            "{\"session\": \"ASIAN\", \"period\": {\"from\": \"2024-02-05\", \"to\": \"2024-06-17\"}, \"filters\":"
                    + " [{\"metric\": \"volume\", \"op\": \">=\", \"value\": 250000}, {\"metric\": \"high_hour\","
                    + " \"op\": \"<\", \"value\": 11}, {\"metric\": \"is_inside\", \"op\": \"=\", \"value\": 1}]}",
            "{\"session\": \"POSTMARKET\", \"gap\": \"down\", \"events\": [\"quad_witching\", \"day_after_holiday\"],"
                    + " \"filters\": [{\"metric\": \"gap_filled\", \"op\": \"=\", \"value\": 0}]}");

    /** The code's names a reader must never see. */
    private static final Pattern IDENTIFIER = Pattern.compile(
            "[A-Za-z]+_[A-Za-z0-9_]+|\\b(OVERNIGHT|GLOBEX|ASIAN|EUROPEAN|PREMARKET|POSTMARKET|MORNING|LUNCH|AFTERNOON)\\b"
                    + "|[=<>!]=?\\s*-?\\d|\\bnull\\b|NaN|Infinity|[{}]");
    private static final Pattern ENGLISH_NAMES = Pattern.compile("\\b(Monday|Tuesday|Wednesday|Thursday|Friday|"
            + "January|February|March|April|June|July|August|September|October|November|December|days|points|average"
            + "|median|weeks|months|of|the|and)\\b");

    static StageOutcome present(Plan plan, barb.core.QueryResult result, String lang) {
        RequestEnvelope env = Pipeline.envelope("q", null, false)
                .withIntent("data", lang, "q")
                .withParsedQuery(Json.parse("[{\"id\":\"s1\"}]"))
                .withPlans(Json.tree(List.of(plan)))
                .withResults(Json.tree(List.of(result)));
        return new PresenterHandler().handle(env);
    }

    /** What is wrong with one answer text; empty when nothing is. */
    static List<String> problems(String text, Plan plan, barb.core.QueryResult result, String lang) {
        List<String> out = new ArrayList<>();
        List<JsonNode> sources = List.of(Json.tree(result), Json.tree(plan));
        List<String> invented = GroundingCheck.ungrounded(text, sources, "q");
        if (!invented.isEmpty()) {
            out.add("numbers from nowhere " + invented);
        }
        Matcher id = IDENTIFIER.matcher(text);
        while (id.find()) {
            out.add("internal name '" + id.group() + "'");
        }
        if (lang.equals("ru")) {
            Matcher en = ENGLISH_NAMES.matcher(text);
            while (en.find()) {
                out.add("English word '" + en.group() + "' in Russian");
            }
            Matcher dot = Pattern.compile("\\d\\.\\d").matcher(text);
            if (dot.find()) {
                out.add("decimal point in Russian near '" + text.substring(Math.max(0, dot.start() - 5),
                        Math.min(text.length(), dot.end() + 5)) + "'");
            }
        } else if (text.codePoints().anyMatch(cp -> Character.UnicodeBlock.of(cp) == Character.UnicodeBlock.CYRILLIC)) {
            out.add("Cyrillic in English");
        }
        return out;
    }

    @Test
    void everyNumberOfEveryAnswerComesFromTheResultOrThePlanAndNoInternalNameShows() {
        List<String> failures = new ArrayList<>();
        int answers = 0;
        for (ResultShapes.Shape shape : ResultShapes.all()) {
            for (String variation : VARIATIONS) {
                Plan plan = ResultShapes.with(shape.plan(), variation);
                for (String lang : List.of("en", "ru")) {
                    String text;
                    try {
                        text = present(plan, shape.result(), lang).finish().response();
                    } catch (RuntimeException e) {
                        failures.add(shape.name() + " " + variation + " [" + lang + "]: threw " + e);
                        continue;
                    }
                    answers++;
                    for (String problem : problems(text, plan, shape.result(), lang)) {
                        failures.add(shape.name() + " " + variation + " [" + lang + "]: " + problem + "\n    " + text
                                .replace("\n", "\n    "));
                    }
                }
            }
        }
        assertThat(answers).isGreaterThan(1000);
        assertThat(failures).as(String.join("\n", failures.subList(0, Math.min(30, failures.size())))).isEmpty();
    }

    @Test
    void aRussianChatGetsDataBlocksWithRussianNamesAndTheSameNumbers() {
        for (ResultShapes.Shape shape : ResultShapes.all()) {
            StageOutcome ru = present(shape.plan(), shape.result(), "ru");
            List<JsonNode> blocks = ru.messages().stream().filter(m -> m.type() == EventType.DATA_BLOCK)
                    .map(StageOutcome.ClientMessage::payload).toList();
            assertThat(blocks).as(shape.name()).hasSize(1);
            JsonNode block = blocks.get(0);
            JsonNode executor = Json.tree(shape.result());
            assertThat(block.path("lang").asText()).isEqualTo("ru");
            assertThat(block.path("plan_id")).isEqualTo(executor.path("plan_id"));
            assertThat(block.path("metadata")).isEqualTo(executor.path("metadata"));
            String shown = block.path("table").toString() + block.path("source_rows") + block.path("summary");
            assertThat(shown).as(shape.name()).doesNotContainPattern("\"(Monday|Tuesday|Wednesday|Thursday|Friday|"
                    + "January|February|March|August|December|Q[1-4])\"");
            for (int i = 0; i < executor.path("table").size(); i++) {
                JsonNode before = executor.path("table").get(i);
                JsonNode after = block.path("table").get(i);
                before.fieldNames().forEachRemaining(f -> {
                    if (before.get(f).isNumber() || before.get(f).isNull()) {
                        assertThat(after.get(f)).as(shape.name() + " " + f).isEqualTo(before.get(f));
                    }
                });
            }
            assertThat(ru.messages().get(ru.messages().size() - 1).type()).isEqualTo(EventType.ANSWER);

            if (shape.name().equals("group weekday")) {
                assertThat(block.at("/table/1/weekday_name").asText()).isEqualTo("вторник");
                assertThat(block.at("/table/1/weekday").asInt()).isEqualTo(2);
                assertThat(block.at("/summary/best/weekday_name").asText()).isEqualTo("вторник");
            }
            if (shape.name().equals("group month")) {
                assertThat(block.at("/table/7/month_name").asText()).isEqualTo("август");
            }
            if (shape.name().equals("group quarter")) {
                assertThat(block.at("/table/0/quarter_name").asText()).isEqualTo("1-й квартал");
            }
            if (shape.name().equals("gap_fill")) {
                assertThat(block.at("/table/1/gap_size").asText()).isEqualTo("0,25–0,5%");
                assertThat(block.at("/table/4/gap_size").asText()).isEqualTo("все гэпы");
            }
            if (shape.name().equals("snapshot day")) {
                assertThat(block.at("/source_rows/0/weekday_name").asText()).isEqualTo("понедельник");
                assertThat(block.at("/summary/labels/weekday_name").asText()).isEqualTo("понедельник");
            }

            StageOutcome en = present(shape.plan(), shape.result(), "en");
            assertThat(en.messages()).extracting(StageOutcome.ClientMessage::type).containsExactly(EventType.ANSWER);
        }
    }
}
