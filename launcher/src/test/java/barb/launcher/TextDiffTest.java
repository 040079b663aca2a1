package barb.launcher;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TextDiffTest {
    @Test
    void equalTextsHaveNoDiff() {
        assertThat(TextDiff.between("a b  c", "a b c")).isEmpty();
    }

    @Test
    void aChangedWordIsMarkedInPlace() {
        assertThat(TextDiff.between("There were 128 green days in 2023.", "There were 133 green days in 2023."))
                .isEqualTo("There were [-128-] {+133+} green days in 2023.");
    }

    @Test
    void longSharedRunsAreShortenedAroundTheChange() {
        String was = "one two three four five six seven eight nine ten eleven twelve";
        String now = "one two three four five six seven EIGHT nine ten eleven twelve";
        assertThat(TextDiff.between(was, now))
                .isEqualTo("… four five six seven [-eight-] {+EIGHT+} nine ten eleven twelve");
    }

    @Test
    void addedAndRemovedWordsAtTheEnds() {
        assertThat(TextDiff.between("hello", "hello there")).isEqualTo("hello {+there+}");
        assertThat(TextDiff.between("well hello", "hello")).isEqualTo("[-well-] hello");
        assertThat(TextDiff.between(null, "new")).isEqualTo("{+new+}");
    }
}
