package barb.agents;

import barb.core.DataCoverage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules agents against the question catalogue (issue 4: at least 95 % exact plans, and every miss honest — a
 * clarification or a refusal, never a wrong answer). `barb eval` prints the same figures per category.
 */
class CatalogueAccuracyTest {

    @Test
    void rulesAgentsAnswerTheCatalogue() {
        Catalogue catalogue = Catalogue.load();
        DataCoverage coverage = new DataCoverage(catalogue.firstDay(), catalogue.lastDay(), "catalogue");
        CatalogueEval.Report report = CatalogueEval.run(catalogue, () -> RulesAgents.handlers(() -> coverage));

        assertThat(report.total()).isGreaterThanOrEqualTo(200);
        assertThat(report.failures()).as("wrong answers").allMatch(CatalogueEval.Failure::honest);
        assertThat(report.accuracy()).as("exact plans").isGreaterThanOrEqualTo(0.95);
    }
}
