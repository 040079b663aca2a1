package barb.agents.text;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SpelledWordsTest {
    @Test
    void wordsOfEnglishAndRussianInAnyFormAreWords() {
        assertThat(SpelledWords.isWord("hunch")).isTrue();
        assertThat(SpelledWords.isWord("hunches")).isTrue();
        assertThat(SpelledWords.isWord("побольше")).isTrue();
        assertThat(SpelledWords.isWord("пятницам")).isTrue();
        assertThat(SpelledWords.isWord("зелёных")).as("ё or е").isTrue();
    }

    @Test
    void typosMixedScriptsNumbersAndEmptyTextAreNot() {
        assertThat(SpelledWords.isWord("rnage")).isFalse();
        assertThat(SpelledWords.isWord("волатилнось")).isFalse();
        assertThat(SpelledWords.isWord("rthдни")).isFalse();
        assertThat(SpelledWords.isWord("2024")).isFalse();
        assertThat(SpelledWords.isWord("")).isFalse();
        assertThat(SpelledWords.isWord(null)).isFalse();
    }
}
