package barb.agents.eval;

import barb.agents.RulesAgents;
import barb.core.DataCoverage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules agents against the question catalogue: at least 95 % of the turns OK and none wrong
 * (docs/evaluation.md). `barb eval --set questions` prints the same figures per category.
 */
class CatalogueAccuracyTest {

    @Test
    void rulesAgentsAnswerTheCatalogue() {
        Catalogue catalogue = Catalogue.load();
        DataCoverage coverage = new DataCoverage(catalogue.firstDay(), catalogue.lastDay(), "catalogue");
        CatalogueEval.Report report = CatalogueEval.run(catalogue, () -> RulesAgents.handlers(() -> coverage));

        assertThat(report.cases()).isGreaterThanOrEqualTo(200);
        assertThat(report.misses()).as("wrong answers")
                .noneMatch(m -> m.outcome() == CatalogueEval.Outcome.WRONG);
        assertThat(report.overall().okShare()).as("turns OK").isGreaterThanOrEqualTo(0.95);
    }
}
