package barb.agents.reading;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GlossaryTest {
    private static String read(String question) {
        Reading r = QuestionReader.read(question);
        return (r.step() == null ? "-" : barb.agents.steps.StepText.render(r.step())) + " " + r.clarify();
    }

    /** What the lexicon found, without where: kind=value in order. */
    private static List<String> meaning(String text) {
        List<String> out = new ArrayList<>();
        for (Lexicon.Finding f : QuestionReader.findings(text)) {
            // "percent of the time" and "how often" ask the same; the share said as one only lets a pattern be what
            // the days show ("what % of days print a doji")
            out.add(f.kind() + "=" + (f.kind().equals("freq") ? "" : f.value()));
        }
        return out;
    }

    @Test
    void everyShippedEntryReadsAsItsCanonicalTermOrAsNothing() {
        List<String> wrong = new ArrayList<>();
        String base = "average rth range in 2024";
        for (Glossary.Entry e : Glossary.SHIPPED.entries()) {
            if (e.canonical().isEmpty()) {
                if (!read(base + " " + e.variant()).equals(read(base))) {
                    wrong.add(e + " -> " + read(base + " " + e.variant()));
                }
                continue;
            }
            List<String> canonical = meaning(e.canonical());
            if (canonical.isEmpty() || !meaning(e.variant()).equals(canonical)) {
                wrong.add(e + " -> " + meaning(e.variant()) + " but canonical " + canonical);
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void aVariantIsFoundInAnyWordFormAndTheLongestRunWins() {
        Glossary g = new Glossary(List.of(new Glossary.Entry("metric", "рейндж", "диапазон"),
                new Glossary.Entry("event", "non farm", "nfp"), new Glossary.Entry("filler", "non", "")));
        assertThat(g.longestAt(List.of("рейнджем"), 0)).get().extracting(m -> m.entry().canonical())
                .isEqualTo("диапазон");
        assertThat(g.longestAt(List.of("non", "farm", "days"), 0)).get()
                .satisfies(m -> assertThat(m.words()).isEqualTo(2));
        assertThat(g.longestAt(List.of("farm"), 0)).isEmpty();
    }

    @Test
    void aQuestionInATradersOwnWordsReadsAsInTheRulesWords() {
        Glossary.Entry entry = Glossary.SHIPPED.entries().stream()
                .filter(e -> e.concept().equals("metric") && e.canonical().equals("range")).findFirst().orElseThrow();
        assertThat(read("average " + entry.variant() + " on fridays in 2023 during rth"))
                .isEqualTo(read("average range on fridays in 2023 during rth"));
    }

    @Test
    void aTradersPhraseIsReadAlsoWhenOneOfItsWordsAsksNothingAlone() {
        // "session" and "the" ask nothing by themselves, but they are part of the phrase the glossary knows
        Glossary g = Glossary.SHIPPED;
        assertThat(g.longestAt(List.of("ny", "session"), 0)).get().extracting(m -> m.entry().canonical())
                .isEqualTo("rth");
        assertThat(read("average range in 2024 during the ny session"))
                .isEqualTo(read("average range in 2024 during rth"));
    }

    @Test
    void aBrokenLineFailsTheLoadInsteadOfBeingSkipped() {
        assertThatThrownBy(() -> Glossary.parse(new BufferedReader(new StringReader("metric\trange\n"))))
                .hasMessageContaining("line 1");
        assertThatThrownBy(() -> Glossary.parse(new BufferedReader(new StringReader("metric\t\trange\n"))))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
