package barb.agents.eval;

import barb.agents.TrainingDialogues;
import barb.agents.reading.TurnClassifier;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TrainingDialoguesTest {
    @Test
    void theSetsKeptAsHonestMeasuresAreNeverTrainedOn() {
        assertThat(TrainingDialogues.SETS).doesNotContain("catalogue/fresh-5.json", "catalogue/fresh-7.json",
                "catalogue/fresh-8.json", "catalogue/fresh-9.json", "catalogue/fresh-10.json",
                "catalogue/fresh-11.json", "catalogue/fresh-13.json", "catalogue/fresh-15.json",
                "catalogue/fresh-17.json", "catalogue/fresh-18.json", "catalogue/fresh-20.json",
                "catalogue/fresh-22.json", "catalogue/fresh-24.json");
        // every shipped set is either trained on or one of the measures: a new set is a measure until it is read
        List<String> measures = Catalogue.SETS.entrySet().stream()
                .filter(e -> !TrainingDialogues.SETS.contains(e.getValue())).map(java.util.Map.Entry::getKey).toList();
        assertThat(measures).containsExactly("fresh-5", "fresh-7", "fresh-8", "fresh-9", "fresh-10",
                "fresh-11", "fresh-13", "fresh-15", "fresh-17", "fresh-18", "fresh-20", "fresh-22",
                "fresh-24", "fresh-26", "fresh-28", "fresh-29", "fresh-30", "fresh-31", "fresh-32", "fresh-33",
                "fresh-34", "fresh-36", "fresh-37", "fresh-38", "fresh-39", "fresh-40");
    }

    @Test
    void everyTurnOfTheTrainingSetsIsAnExampleWithItsLabels() {
        List<List<TurnClassifier.Example>> dialogues = TrainingDialogues.load();
        long turns = TrainingDialogues.SETS.stream().map(s -> s.replace("catalogue/", "").replace(".json", ""))
                .map(Catalogue::loadSet).flatMap(c -> c.cases().stream()).mapToLong(c -> c.turns().size()).sum();
        assertThat(dialogues.stream().mapToLong(List::size).sum()).isEqualTo(turns);
        assertThat(dialogues.stream().flatMap(List::stream).flatMap(e -> e.labels().stream()))
                .allMatch(l -> l.startsWith("data:") || Catalogue.ROUTES.contains(l))
                .contains("data:count", "data:probability", "chitchat", "concept", "unsupported", "clarify");
        // "how often …" with `also`: both readings are taught
        assertThat(dialogues.stream().flatMap(List::stream).filter(e -> e.labels().size() > 1)).isNotEmpty();
    }
}
