package barb.agents.reading;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TurnClassifierTest {
    private static final List<List<TurnClassifier.Example>> DIALOGUES = List.of(
            List.of(new TurnClassifier.Example("how many red days in 2024", "data:count"),
                    new TurnClassifier.Example("and the year before?", "data:count")),
            List.of(new TurnClassifier.Example("how many green mondays since 2020", "data:count"),
                    new TurnClassifier.Example("and the year before?", "data:count")),
            List.of(new TurnClassifier.Example("count the gap up days last year", "data:count")),
            List.of(new TurnClassifier.Example("average daily range in 2022", "data:aggregate"),
                    new TurnClassifier.Example("and the year before?", "data:aggregate")),
            List.of(new TurnClassifier.Example("avg rth range on fridays", "data:aggregate"),
                    new TurnClassifier.Example("and the year before?", "data:aggregate")),
            List.of(new TurnClassifier.Example("mean volume of opex days", "data:aggregate")),
            List.of(new TurnClassifier.Example("thanks a lot", "chitchat")),
            List.of(new TurnClassifier.Example("hi there, what can you do", "chitchat")),
            List.of(new TurnClassifier.Example("what is an inside day", "concept")));

    private final TurnClassifier classifier = TurnClassifier.train(DIALOGUES);

    @Test
    void readsTheOperationFromWordsAndLetterGroupsItWasTaughtWith() {
        assertThat(classifier.predict("how many red fridays in 2019", null, 1).label()).isEqualTo("data:count");
        assertThat(classifier.predict("averge range of mondays", null, 1).label()).isEqualTo("data:aggregate");
        assertThat(classifier.predict("thanks!", null, 1).label()).isEqualTo("chitchat");
    }

    @Test
    void aFollowUpTakesItsKindFromThePreviousMessage() {
        // the same words after a count and after an average: only the previous message tells them apart
        assertThat(classifier.predict("and the year before?", "how many red days in 2021", 2).label())
                .isEqualTo("data:count");
        assertThat(classifier.predict("and the year before?", "average daily range in 2021", 2).label())
                .isEqualTo("data:aggregate");
    }

    @Test
    void givesAProbabilityAndIsTheSameEveryTimeItIsTrained() {
        TurnClassifier.Prediction once = classifier.predict("how many gap downs", null, 1);
        TurnClassifier.Prediction again = TurnClassifier.train(DIALOGUES).predict("how many gap downs", null, 1);
        assertThat(once).isEqualTo(again);
        assertThat(once.probability()).isBetween(1.0 / classifier.labels().size(), 1.0);
        assertThat(classifier.labels()).containsExactly("chitchat", "concept", "data:aggregate", "data:count");
    }

    @Test
    void twoFairReadingsOfOneMessageKeepItFromBeingSureOfEither() {
        List<List<TurnClassifier.Example>> split = List.of(
                List.of(new TurnClassifier.Example("how often did it close red", List.of("data:count",
                        "data:probability"))),
                List.of(new TurnClassifier.Example("how often did it gap up", List.of("data:count",
                        "data:probability"))));
        TurnClassifier.Prediction p = TurnClassifier.train(split).predict("how often did it close red", null, 1);
        assertThat(p.probability()).isLessThan(0.6);
    }

    @Test
    void refusesToTrainOnNothing() {
        assertThatThrownBy(() -> TurnClassifier.train(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TurnClassifier.Example("x", List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
