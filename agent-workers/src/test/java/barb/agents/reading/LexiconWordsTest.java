package barb.agents.reading;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class LexiconWordsTest {
    @Test
    void literalWordsAndWordStartsOfARuleAreCollected() {
        Set<String> words = new LinkedHashSet<>();
        Set<String> starts = new LinkedHashSet<>();
        LexiconWords.collect("days?|волатильност\\p{L}*|(?:the )?range", words, starts);
        assertThat(words).contains("day", "days", "the", "range");
        assertThat(starts).containsExactly("волатильност");
    }

    @Test
    void everyAlternativeOfAGroupThatTakesAnyEndingIsAWordStart() {
        Set<String> words = new LinkedHashSet<>();
        Set<String> starts = new LinkedHashSet<>();
        LexiconWords.collect("(?:пробива|пробил|снос)\\p{L}* (?:хай|лой)", words, starts);
        assertThat(starts).as("'снос' is too short to be a start of any word").containsExactly("пробива", "пробил");
        assertThat(words).contains("хай", "лой", "снос");
    }

    @Test
    void theReaderKnowsEveryFormOfAGroupsWords() {
        assertThat(LexiconWords.VOCABULARY.knows("пробивают")).isTrue();
        assertThat(LexiconWords.VOCABULARY.knows("дикабре")).as("a three-letter alternative is no start").isFalse();
    }
}
