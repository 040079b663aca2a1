package barb.gemini;

import barb.core.Operation;
import barb.core.Understanding;
import com.google.genai.types.Schema;
import com.google.genai.types.Type;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON response schema of each Gemini agent: the contracts of seed 000 §2 / seed 004 in Gemini's terms. */
final class GeminiSchemas {
    private GeminiSchemas() {
    }

    static final Schema INTENT = object(props(
            "intent", enumOf(List.of("data", "chitchat", "concept")),
            "lang", string(false),
            "internal_query", string(false)), List.of("intent", "lang", "internal_query"));

    private static final Schema ITEM = object(props(
            "field", enumOf(List.of("goal", "session", "period", "metric", "compare_groups", "ambiguous_term",
                    "missing_critical", Understanding.OUT_OF_SCOPE)),
            "reason", string(false),
            "options", Schema.builder().type(Type.Known.ARRAY).items(string(false))
                    .description("suggested answers; for out_of_scope the one closest thing Barb can do").build()),
            List.of("field", "reason", "options"));

    private static final Schema NEED_CLARIFICATION = Schema.builder().type(Type.Known.OBJECT).nullable(true)
            .properties(props(
                    "required", Schema.builder().type(Type.Known.ARRAY).items(ITEM).build(),
                    "optional", Schema.builder().type(Type.Known.ARRAY).items(ITEM).build(),
                    "context", string(true)))
            .required(List.of("required", "optional", "context")).build();

    static final Schema UNDERSTANDER = object(props(
            "intent", enumOf(List.of("data", "chitchat", "concept")),
            "goal", string(true),
            "understood", bool(),
            "topic_changed", bool(),
            "expanded_query", string(true),
            "acknowledge", string(true),
            "suggested_title", string(true),
            "need_clarification", NEED_CLARIFICATION),
            List.of("intent", "goal", "understood", "topic_changed", "expanded_query", "acknowledge",
                    "need_clarification"));

    static final Schema CLARIFIER = object(props("response", string(false)), List.of("response"));

    static final Schema PRESENTER = object(props("answer", string(false)), List.of("answer"));

    static final Schema CLARIFY_CONTINUE = object(props(
            "intent", string(true),
            "goal", string(true),
            "understood", bool(),
            "topic_changed", bool(),
            "expanded_query", string(true),
            "acknowledge", string(true),
            "awaiting_clarification", bool(),
            "need_clarification", NEED_CLARIFICATION),
            List.of("understood", "topic_changed", "awaiting_clarification"));

    /** The plan language's names (docs/plan-schema.md) the parser may write; enums keep the model inside it. */
    static final List<String> OPERATIONS = Arrays.stream(Operation.values()).map(Operation::wireName).toList();
    static final List<String> TIMEFRAMES = List.of("1D", "5m", "15m", "30m", "1h", "2h", "4h", "1W", "1M");
    static final List<String> EXTREMES = List.of("high", "low", "overnight_high_break", "overnight_low_break");
    static final List<String> BUCKETS = List.of("5m", "10m", "15m", "20m", "30m", "60m", "120m");
    static final List<String> AGGREGATES = List.of("mean", "median", "min", "max", "sum", "std", "count");
    static final List<String> GROUP_BY = List.of("weekday", "month", "quarter", "year", "hour");

    private static final Schema ATOM = object(props(
            "when", string(false),
            "what", Schema.builder().type(Type.Known.STRING)
                    .description("a metric column, \"days\", or the formation extreme").build(),
            "filter", string(true),
            "timeframe", enumOf(TIMEFRAMES)), List.of("when", "what", "filter", "timeframe"));

    private static final Schema PARAMS = Schema.builder().type(Type.Known.OBJECT).nullable(true).properties(props(
            "n", integer(), "sort", nullableEnumOf(List.of("asc", "desc")),
            "aggregate", nullableEnumOf(AGGREGATES),
            "group_by", nullableEnumOf(GROUP_BY),
            "extreme", nullableEnumOf(EXTREMES),
            "bucket", nullableEnumOf(BUCKETS), "offset", integer(),
            "offsets", Schema.builder().type(Type.Known.ARRAY).nullable(true).items(integer()).build(),
            "outcome", string(true), "bins", integer(),
            "percentiles", Schema.builder().type(Type.Known.ARRAY).nullable(true)
                    .items(Schema.builder().type(Type.Known.NUMBER).build()).build(),
            "min_length", integer())).build();

    static final Schema PARSER = object(props(
            "steps", Schema.builder().type(Type.Known.ARRAY).items(object(props(
                    "id", string(false),
                    "operation", enumOf(OPERATIONS),
                    "atoms", Schema.builder().type(Type.Known.ARRAY).items(ATOM).build(),
                    "params", PARAMS), List.of("id", "operation", "atoms", "params"))).build(),
            "thoughts", string(true)), List.of("steps"));

    private static Schema object(Map<String, Schema> properties, List<String> required) {
        return Schema.builder().type(Type.Known.OBJECT).properties(properties).required(required)
                .propertyOrdering(List.copyOf(properties.keySet())).build();
    }

    private static Map<String, Schema> props(Object... nameThenSchema) {
        Map<String, Schema> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenSchema.length; i += 2) {
            m.put((String) nameThenSchema[i], (Schema) nameThenSchema[i + 1]);
        }
        return m;
    }

    private static Schema string(boolean nullable) {
        return Schema.builder().type(Type.Known.STRING).nullable(nullable).build();
    }

    private static Schema enumOf(List<String> values) {
        return Schema.builder().type(Type.Known.STRING).enum_(values).build();
    }

    private static Schema nullableEnumOf(List<String> values) {
        return Schema.builder().type(Type.Known.STRING).nullable(true).enum_(values).build();
    }

    private static Schema bool() {
        return Schema.builder().type(Type.Known.BOOLEAN).build();
    }

    private static Schema integer() {
        return Schema.builder().type(Type.Known.INTEGER).nullable(true).build();
    }
}
