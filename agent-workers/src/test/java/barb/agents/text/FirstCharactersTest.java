package barb.agents.text;

import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class FirstCharactersTest {
    @Test
    void aCharacterIsRuledOutOnlyWhenNoTextBeginningWithItCanMatch() {
        FirstCharacters inside = new FirstCharacters(Pattern.compile("inside days?|gap (?:up|down)"));
        assertThat(inside.mayBeginWith('i')).isTrue();
        assertThat(inside.mayBeginWith('g')).isTrue();
        assertThat(inside.mayBeginWith('c')).isFalse();
        assertThat(inside.mayBeginWith('ж')).isFalse();
        assertThat(inside.mayBeginWith('中')).as("beyond Latin and Cyrillic nothing is ruled out").isTrue();
    }

    @Test
    void aLookBehindDoesNotRuleOutWhatTheTextBeforeWouldAllow() {
        // alone, "e" has nothing before it and the look-behind would fail: without it the pattern still
        // says a match can only begin with "e"
        FirstCharacters afterPercent = new FirstCharacters(Pattern.compile("(?<=% )each day\\b"));
        assertThat(afterPercent.mayBeginWith('e')).isTrue();
        assertThat(afterPercent.mayBeginWith('d')).isFalse();
        FirstCharacters wordStart = new FirstCharacters(Pattern.compile("(?<![\\p{L}\\p{N}_])(?:than|чем)"));
        assertThat(wordStart.mayBeginWith('t')).isTrue();
        assertThat(wordStart.mayBeginWith('ч')).isTrue();
        assertThat(wordStart.mayBeginWith('x')).isFalse();
    }

    @Test
    void lookBehindsAndWordBoundariesAreTakenOutAndNothingElse() {
        assertThat(FirstCharacters.withoutLookBehinds("(?<![\\p{L}])(?:x(?<=(?:a|b)\\)?)y)\\b[(?<=]\\\\b"))
                .isEqualTo("(?:xy)[(?<=]\\\\b");
        assertThat(FirstCharacters.withoutLookBehinds("(?<name>\\d+)(?!\\d)(?=%)")).isEqualTo("(?<name>\\d+)(?!\\d)(?=%)");
        assertThat(FirstCharacters.withoutLookBehinds("[a-z&&[^q]](?<!\\[)z")).isEqualTo("[a-z&&[^q]]z");
    }

    @Test
    void aWordIsRuledOutOnlyWhenNoTextBeginningWithItCanMatch() {
        FirstCharacters inside = new FirstCharacters(Pattern.compile("(?<![\\p{L}])(?:inside days?|gap (?:up|down))"));
        assertThat(inside.mayBeginWith("inside", WordNumbers.of("inside"))).isTrue();
        assertThat(inside.mayBeginWith("gap", WordNumbers.of("gap"))).as("the rest may follow").isTrue();
        assertThat(inside.mayBeginWith("insider", WordNumbers.of("insider"))).isFalse();
        assertThat(inside.mayBeginWith("gaps", WordNumbers.of("gaps"))).isFalse();
        assertThat(inside.mayBeginWith("gaps", WordNumbers.of("gaps"))).as("asked again, the answer kept").isFalse();
        assertThat(inside.mayBeginWith("count", WordNumbers.of("count"))).as("its first character").isFalse();
        assertThat(inside.mayBeginWith("gaps", -1)).as("a word without a number: its first character only").isTrue();
    }

    @Test
    void everyWordKeepsItsNumberAndOnlyShortWordsGetOne() {
        assertThat(WordNumbers.of("range")).isNotNegative().isEqualTo(WordNumbers.of(new String("range")));
        assertThat(WordNumbers.of("range")).isNotEqualTo(WordNumbers.of("rnage"));
        assertThat(WordNumbers.of("")).isEqualTo(-1);
        assertThat(WordNumbers.of("x".repeat(WordNumbers.LONGEST + 1))).isEqualTo(-1);
    }
}
