package barb.agents;

import barb.agents.reading.TurnClassifier;
import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The labelled dialogues the {@link TurnClassifier} learns from: the question sets that have already been read to
 * improve the reader (docs/evaluation.md). The sets kept as honest measures (fresh-5, fresh-7 and every later
 * frozen set) are never listed here: a model trained on them would score its own memory.
 */
public final class TrainingDialogues {
    /** Resource names of the sets trained on, in the order they were written. */
    public static final List<String> SETS = List.of("catalogue/questions.json", "catalogue/holdout.json",
            "catalogue/holdout-2.json", "catalogue/fresh-3.json", "catalogue/fresh-4.json", "catalogue/fresh-6.json",
            "catalogue/fresh-12.json", "catalogue/fresh-14.json", "catalogue/fresh-16.json",
            "catalogue/fresh-19.json", "catalogue/fresh-21.json", "catalogue/fresh-23.json", "catalogue/fresh-25.json",
            "catalogue/fresh-27.json", "catalogue/fresh-35.json");

    private TrainingDialogues() {
    }

    /** Every dialogue of {@link #SETS}: each message with the label its expected outcome gives. */
    public static List<List<TurnClassifier.Example>> load() {
        List<List<TurnClassifier.Example>> out = new ArrayList<>();
        for (String resource : SETS) {
            JsonNode root = read(resource);
            for (JsonNode c : root.path("cases")) {
                List<TurnClassifier.Example> dialogue = new ArrayList<>();
                for (JsonNode turn : c.path("turns")) {
                    dialogue.add(new TurnClassifier.Example(turn.path("user").asText(), labels(turn.path("expect"))));
                }
                out.add(dialogue);
            }
        }
        return out;
    }

    /** The label of the expected outcome, then those of its equally right readings ({@code also}), each once. */
    static List<String> labels(JsonNode expect) {
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        out.add(label(expect));
        for (JsonNode also : expect.path("also")) {
            out.add(label(also));
        }
        return List.copyOf(out);
    }

    /** "data:" and the first plan's operation for a data answer, else the route ("clarify", "chitchat", …). */
    static String label(JsonNode expect) {
        String route = expect.path("route").asText();
        if (!route.equals("data")) {
            return route;
        }
        return "data:" + expect.path("plans").path(0).path("operation").asText("?");
    }

    private static JsonNode read(String resource) {
        try (InputStream in = TrainingDialogues.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("training set " + resource + " is missing from the jar");
            }
            return Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read training set " + resource, e);
        }
    }
}
