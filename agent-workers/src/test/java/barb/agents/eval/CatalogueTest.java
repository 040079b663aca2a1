package barb.agents.eval;

import barb.core.Json;
import barb.core.Plan;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The shipped question catalogue is well formed; its accuracy is what {@code barb eval} reports. */
class CatalogueTest {
    private final Catalogue catalogue = Catalogue.load();

    @Test
    void loadsAtLeastTwoHundredCasesOverTheLoadedDataSpan() {
        assertThat(catalogue.cases()).hasSizeGreaterThanOrEqualTo(200);
        assertThat(catalogue.firstDay()).isEqualTo(LocalDate.of(2008, 1, 2));
        assertThat(catalogue.lastDay()).isEqualTo(LocalDate.of(2026, 1, 7));
    }

    @Test
    void everyCategoryIsThereInBothLanguages() {
        Map<String, Set<String>> langs = new TreeMap<>();
        for (Catalogue.Case c : catalogue.cases()) {
            langs.computeIfAbsent(c.category(), k -> new HashSet<>()).add(c.lang());
        }
        assertThat(langs.keySet()).containsExactlyInAnyOrderElementsOf(Catalogue.CATEGORIES);
        langs.forEach((category, l) -> assertThat(l).as(category).containsExactlyInAnyOrder("en", "ru"));
    }

    @Test
    void englishAndRussianEachMakeAtLeastFortyPercent() {
        long ru = catalogue.cases().stream().filter(c -> c.lang().equals("ru")).count();
        long en = catalogue.cases().stream().filter(c -> c.lang().equals("en")).count();
        assertThat(ru + en).isEqualTo(catalogue.cases().size());
        assertThat(ru * 100 / catalogue.cases().size()).isGreaterThanOrEqualTo(40);
        assertThat(en * 100 / catalogue.cases().size()).isGreaterThanOrEqualTo(40);
    }

    @Test
    void idsAreUnique() {
        Set<String> ids = new HashSet<>();
        for (Catalogue.Case c : catalogue.cases()) {
            assertThat(ids.add(c.id())).as(c.id()).isTrue();
        }
    }

    @Test
    void everyDataPlanSurvivesTheContractRoundTripAndStaysInTheData() {
        int plans = 0;
        for (Catalogue.Case c : catalogue.cases()) {
            for (Catalogue.Turn t : c.turns()) {
                assertThat(t.user()).as(c.id()).isNotBlank();
                if (!t.expect().route().equals("data")) {
                    assertThat(t.expect().plans()).as(c.id()).isEmpty();
                    continue;
                }
                for (Plan p : t.expect().plans()) {
                    plans++;
                    Plan back = Json.fromString(Json.toString(p), Plan.class);
                    assertThat(back).as(c.id()).isEqualTo(p);
                    assertThat(Plan.MODES).as(c.id()).contains(p.mode());
                    assertThat(p.period().from()).as(c.id()).isAfterOrEqualTo(catalogue.firstDay());
                    assertThat(p.period().to()).as(c.id()).isBeforeOrEqualTo(catalogue.lastDay());
                    assertThat(p.operation().equals("compare")).as(c.id() + " variants only on compare")
                            .isEqualTo(!p.variants().isEmpty());
                }
            }
        }
        assertThat(plans).isGreaterThan(150);
    }

    @Test
    void everyRouteIsExpectedSomewhere() {
        Set<String> routes = new HashSet<>();
        catalogue.cases().forEach(c -> c.turns().forEach(t -> routes.add(t.expect().route())));
        assertThat(routes).containsExactlyInAnyOrderElementsOf(Catalogue.ROUTES);
    }

    @Test
    void clarifyingTurnsNameWhatIsAsked() {
        catalogue.cases().forEach(c -> c.turns().stream().filter(t -> t.expect().route().equals("clarify"))
                .forEach(t -> assertThat(t.expect().ask()).as(c.id()).isIn(Catalogue.ASKS)));
    }

    @Test
    void onlySelectsByIdOrCategory() {
        assertThat(catalogue.only("list-en-01").cases()).extracting(Catalogue.Case::id).containsExactly("list-en-01");
        assertThat(catalogue.only("streak").cases()).hasSizeGreaterThanOrEqualTo(8)
                .allMatch(c -> c.category().equals("streak"));
        assertThat(catalogue.only(null).cases()).hasSameSizeAs(catalogue.cases());
    }

    @Test
    void aBrokenCatalogueIsRefusedNamingThePlace() {
        String good = """
                {"data": {"first_day": "2008-01-02", "last_day": "2026-01-07"}, "cases": [
                 {"id": "a", "category": "count", "lang": "en", "turns": [{"user": "how many green days",
                  "expect": {"route": "data", "plans": [PLAN]}}]}]}
                """;
        String plan = "{\"id\": \"s1\", \"operation\": \"count\", \"mode\": \"single\", \"session\": \"ETH\", "
                + "\"timeframe\": \"1D\", \"period\": {\"from\": \"2024-01-01\", \"to\": \"2024-12-31\"}";
        assertThat(parse(good.replace("PLAN", plan + "}")).cases()).hasSize(1);

        assertThatThrownBy(() -> parse(good.replace("PLAN", plan + ", \"groupby\": \"month\"}")))
                .hasMessageContaining("cases[0] (a): turns[0].expect.plans[0]: 'groupby' is not a plan field");
        assertThatThrownBy(() -> parse(good.replace("PLAN", plan.replace("\"single\"", "\"double\"") + "}")))
                .hasMessageContaining("mode 'double'");
        assertThatThrownBy(() -> parse(good.replace("PLAN", plan.replace("\"count\"", "\"tally\"") + "}")))
                .hasMessageContaining("unknown operation 'tally'");
        assertThat(parse(good.replace("PLAN", plan.replace(", \"session\": \"ETH\"", "") + "}")).cases())
                .as("defaults may be left out").hasSize(1);
        assertThatThrownBy(() -> parse(good.replace("\"data\", \"plans\": [PLAN]", "\"clarify\", \"ask\": \"colour\"")))
                .hasMessageContaining("ask 'colour' is not one of");
        assertThatThrownBy(() -> parse(good.replace("PLAN", plan + ", \"also\": 1}")))
                .hasMessageContaining("'also' is not a plan field");
        assertThatThrownBy(() -> parse(good.replace("\"data\", \"plans\"", "\"answer\", \"plans\"")
                .replace("PLAN", plan + "}"))).hasMessageContaining("unknown route 'answer'");
        assertThatThrownBy(() -> parse(good.replace("\"count\", \"lang\"", "\"misc\", \"lang\"")
                .replace("PLAN", plan + "}"))).hasMessageContaining("unknown category 'misc'");
        assertThatThrownBy(() -> parse(good.replace("[PLAN]", "[]")))
                .hasMessageContaining("route data needs a non-empty plans list");
        String twice = good.replace("PLAN", plan + "}").replace("]}]}", "]}, "
                + "{\"id\": \"a\", \"category\": \"chitchat\", \"lang\": \"en\", \"turns\": [{\"user\": \"hi\", "
                + "\"expect\": {\"route\": \"chitchat\"}}]}]}");
        assertThatThrownBy(() -> parse(twice)).hasMessageContaining("case id 'a' is used twice");
    }

    private static Catalogue parse(String json) {
        return Catalogue.parse(Json.parse(json), "test");
    }

    @Test
    void aTimeZoneQuestionAsksTheWordsMeaningOrTheHoursOfTheDay() {
        assertThat(Catalogue.asks("term", "timezone")).isTrue();
        assertThat(Catalogue.asks("session", "timezone")).isTrue();
        assertThat(Catalogue.asks("period", "timezone")).isFalse();
        assertThat(Catalogue.asks("session", "ambiguous_term")).isFalse();
    }
}
