package barb.agents.text;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class VocabularyTest {
    private final Vocabulary vocabulary = new Vocabulary(
            List.of("average", "range", "wednesday", "volatility", "median", "monday", "gap"),
            List.of("волатильност", "понедельник", "гэп"));

    @Test
    void knownWordsAndWordStartsAreKnown() {
        assertThat(vocabulary.match("average")).hasValue(new Vocabulary.Match("average", Vocabulary.Kind.KNOWN));
        assertThat(vocabulary.match("волатильностью").orElseThrow().kind()).isEqualTo(Vocabulary.Kind.KNOWN);
    }

    @Test
    void otherFormsOfAKnownWordAreReadByTheirSnowballStem() {
        assertThat(vocabulary.match("averages")).hasValue(new Vocabulary.Match("average", Vocabulary.Kind.STEM));
        assertThat(vocabulary.match("averaged")).hasValue(new Vocabulary.Match("average", Vocabulary.Kind.STEM));
        assertThat(vocabulary.match("ranges")).hasValue(new Vocabulary.Match("range", Vocabulary.Kind.STEM));
    }

    @Test
    void typosOfExactlyOneKnownWordAreCorrected() {
        assertThat(vocabulary.match("averge")).hasValue(new Vocabulary.Match("average", Vocabulary.Kind.TYPO));
        assertThat(vocabulary.match("rnage")).as("a swap of neighbours is one edit")
                .hasValue(new Vocabulary.Match("range", Vocabulary.Kind.TYPO));
        assertThat(vocabulary.match("wensday")).as("two edits from eight letters on")
                .hasValue(new Vocabulary.Match("wednesday", Vocabulary.Kind.TYPO));
        assertThat(vocabulary.match("volatilty")).hasValue(new Vocabulary.Match("volatility", Vocabulary.Kind.TYPO));
        assertThat(vocabulary.match("волатилнось")).as("a word start with endings")
                .hasValue(new Vocabulary.Match("волатильност", Vocabulary.Kind.TYPO));
    }

    @Test
    void shortOrFarWordsAreNotGuessed() {
        assertThat(vocabulary.match("gao")).as("three letters: too many words are one edit away").isEmpty();
        assertThat(vocabulary.match("squeeze")).isEmpty();
        assertThat(vocabulary.match("medium")).as("two edits from 'median' but only six letters").isEmpty();
    }

    @Test
    void aShortWordStartIsNeverMatchedWithATypo() {
        Vocabulary starts = new Vocabulary(List.of(), List.of("пробо", "волатильност"));
        assertThat(starts.match("пробой").orElseThrow().kind()).isEqualTo(Vocabulary.Kind.KNOWN);
        assertThat(starts.match("побольше")).as("'побо' is one edit from 'пробо', but the word is another").isEmpty();
        assertThat(starts.match("продолжается")).isEmpty();
        assertThat(starts.match("волатилнось")).hasValue(new Vocabulary.Match("волатильност", Vocabulary.Kind.TYPO));
    }

    @Test
    void aTypoOfAWholeWordIsReadAsItEvenWhenAShortStartBeginsIt() {
        Vocabulary v = new Vocabulary(List.of("weekday", "weekend"), List.of("week", "волатильност"));
        assertThat(v.match("weekdy")).hasValue(new Vocabulary.Match("weekday", Vocabulary.Kind.TYPO));
        assertThat(v.match("weeks").orElseThrow().kind()).as("a form of the start").isEqualTo(Vocabulary.Kind.KNOWN);
        assertThat(v.match("weekly").orElseThrow().kind()).isEqualTo(Vocabulary.Kind.KNOWN);
        assertThat(new Vocabulary(List.of("weekday", "weekly"), List.of("week")).match("weekdy").orElseThrow().kind())
                .as("as close to two words: left as it is").isEqualTo(Vocabulary.Kind.KNOWN);
        assertThat(v.match("волатильностью").orElseThrow().kind()).isEqualTo(Vocabulary.Kind.KNOWN);
    }

    @Test
    void aTypoCloseToTwoWordsIsLeftAlone() {
        Vocabulary close = new Vocabulary(List.of("highs", "lights"), List.of());
        assertThat(close.match("hights")).isEmpty();
    }

    @Test
    void aCorrectlySpelledWordIsNeverReadAsATypoOfAnother() {
        Vocabulary spelled = new Vocabulary(List.of("lunch", "loss", "range"), List.of(), SpelledWords::isWord);
        assertThat(spelled.match("hunch")).isEmpty();
        assertThat(spelled.match("rnage")).hasValue(new Vocabulary.Match("range", Vocabulary.Kind.TYPO));
        // another form of a known word is still that word
        assertThat(spelled.match("losses")).hasValue(new Vocabulary.Match("loss", Vocabulary.Kind.STEM));
    }

    @Test
    void aDroppedGIsTheWordWithIt() {
        Vocabulary words = new Vocabulary(List.of("witching", "within", "closing"), List.of());

        // "witchin" is also one edit from "within": the dropped g decides
        assertThat(words.match("witchin")).hasValue(new Vocabulary.Match("witching", Vocabulary.Kind.STEM));
        assertThat(words.match("closin")).hasValue(new Vocabulary.Match("closing", Vocabulary.Kind.STEM));
    }
}
