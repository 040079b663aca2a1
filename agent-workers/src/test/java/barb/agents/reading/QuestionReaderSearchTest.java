package barb.agents.reading;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reader tries each rule only where it may start (after no letter or digit, at a character the rule can begin
 * with, look-behinds left out of that test): a speed-up that must change nothing.
 */
class QuestionReaderSearchTest {
    /**
     * On every second message of every question set in the repository (all of them were compared once outside the
     * build; trying every place is slow), the findings are those of trying every place.
     */
    @Test
    void tryingRulesOnlyWhereTheyMayStartChangesNoFinding() throws Exception {
        List<String> all = new ArrayList<>();
        try (var files = Files.list(Path.of("src/main/resources/catalogue"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                for (var c : barb.core.Json.parse(Files.readString(f)).path("cases")) {
                    for (var turn : c.path("turns")) {
                        all.add(turn.path("user").asText());
                    }
                }
            }
        }
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 2) {
            texts.add(all.get(i));
        }
        assertThat(texts).hasSizeGreaterThan(3_000);
        int withFindings = 0;
        for (String text : texts) {
            List<Lexicon.Finding> quick = QuestionReader.findings(text);
            assertThat(quick).as(text).isEqualTo(QuestionReader.findingsTryingEveryPlace(text));
            withFindings += quick.isEmpty() ? 0 : 1;
        }
        assertThat(withFindings).as("messages with findings, so the comparison is not of empty lists")
                .isGreaterThan(2_500);
    }

    @Test
    void aRuleMayNotStartInsideAWordNorAtACharacterItCannotBeginWith() {
        Lexicon.Rule rule = Lexicon.rule("inside days?", Lexicon.kv("pattern", "inside_day"));
        String text = "count inside days, not coinside";
        assertThat(rule.mayStartAt(text, text.indexOf("inside"))).isTrue();
        assertThat(rule.mayStartAt(text, text.indexOf("count"))).as("a 'c' cannot begin 'inside'").isFalse();
        assertThat(rule.mayStartAt(text, text.indexOf("inside", 20))).as("inside a word").isFalse();
        Lexicon.Rule afterPercent = Lexicon.rule("(?<=%) each day", Lexicon.kv("filler", ""));
        assertThat(afterPercent.mayStartAt("2% each day", 2)).as("the look-behind is left to the pattern").isTrue();
        assertThat(afterPercent.mayStartAt("2% each day", 3)).as("the rest still needs the space first").isFalse();
    }
}
