package barb.agents.text;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WordFormsTest {
    @Test
    void stemsEnglishAndRussianWithSnowball() {
        assertThat(WordForms.stem("averages")).isEqualTo(WordForms.stem("average"));
        assertThat(WordForms.stem("волатильностью")).isEqualTo(WordForms.stem("волатильность"));
        assertThat(WordForms.stem("понедельникам")).isEqualTo("понедельник");
        assertThat(WordForms.stem("2024")).isEqualTo("2024");
    }

    @Test
    void stopWordsOfBothLanguages() {
        assertThat(WordForms.isStopWord("which")).isTrue();
        assertThat(WordForms.isStopWord("чтобы")).isTrue();
        assertThat(WordForms.isStopWord("range")).isFalse();
        assertThat(WordForms.isStopWord("диапазон")).isFalse();
    }
}
