package barb.launcher;

import barb.agents.Catalogue;
import barb.agents.CatalogueEval;
import barb.agents.RulesAgents;
import barb.core.DataCoverage;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.gemini.GeminiAgents;
import barb.gemini.GeminiClient;
import barb.gemini.GeminiSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code barb eval}: runs the question catalogue through the agents, in-process (no Kafka, no executor), and
 * reports how many questions became exactly the expected plans, per category, with every miss on one line.
 * {@code --llm gemini} scores the Gemini language agents against the real API (needs a key; never in CI).
 */
@Command(name = "eval", description = "Score the question catalogue: the route and plans each question reaches.")
final class EvalCommand implements Callable<Integer> {
    enum Llm { RULES, GEMINI }

    @Spec
    CommandSpec spec;

    /** Where the Gemini settings come from; tests replace it. */
    Map<String, String> env = System.getenv();

    @Option(names = "--llm", paramLabel = "rules|gemini", description = "Which agents to score (default rules).")
    Llm llm = Llm.RULES;

    @Option(names = "--only", paramLabel = "TEXT",
            description = "Only the cases whose id contains TEXT or whose category is TEXT.")
    String only;

    @Option(names = "--catalogue", paramLabel = "FILE",
            description = "A catalogue file instead of the one built into Barb.")
    Path catalogueFile;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        GeminiSettings gemini = null;
        if (llm == Llm.GEMINI) {
            try {
                gemini = GeminiSettings.fromEnv(env);
            } catch (IllegalArgumentException e) {
                err.println("Gemini settings: " + e.getMessage());
                err.flush();
                return 2;
            }
            if (!gemini.hasApiKey()) {
                err.println("--llm gemini needs a Gemini API key: set BARB_GEMINI_API_KEY (or GEMINI_API_KEY)");
                err.flush();
                return 2;
            }
        }
        Catalogue catalogue;
        try {
            catalogue = catalogueFile == null ? Catalogue.load() : Catalogue.load(catalogueFile);
        } catch (RuntimeException e) {
            err.println("cannot load the catalogue: " + e.getMessage());
            err.flush();
            return 2;
        }
        Catalogue selected = catalogue.only(only);
        if (selected.cases().isEmpty()) {
            err.println("--only: no case id contains '" + only + "' and no category is called that");
            err.flush();
            return 2;
        }
        DataCoverage coverage = new DataCoverage(selected.firstDay(), selected.lastDay(), "catalogue");
        CatalogueEval.Report report;
        long started = System.nanoTime();
        if (gemini == null) {
            report = CatalogueEval.run(selected, () -> RulesAgents.handlers(() -> coverage));
        } else {
            try (GeminiClient client = new GeminiClient(gemini)) {
                report = CatalogueEval.run(selected, () -> withGemini(client, coverage));
            }
        }
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        print(report, selected, llm.name().toLowerCase(Locale.ROOT), out);
        int turns = selected.cases().stream().mapToInt(c -> c.turns().size()).sum();
        out.printf("%n%d turns in %d ms (%.1f ms per turn, in-process, no executor)%n", turns, elapsedMs,
                (double) elapsedMs / turns);
        out.flush();
        return 0;
    }

    /** The rules handlers with the Gemini language agents in place of theirs. */
    private static List<StageHandler> withGemini(GeminiClient client, DataCoverage coverage) {
        Map<Stage, StageHandler> byStage = new EnumMap<>(Stage.class);
        for (StageHandler h : RulesAgents.handlers(() -> coverage)) {
            byStage.put(h.stage(), h);
        }
        for (StageHandler h : GeminiAgents.handlers(client, () -> coverage)) {
            byStage.put(h.stage(), h);
        }
        return new ArrayList<>(byStage.values());
    }

    static void print(CatalogueEval.Report report, Catalogue catalogue, String agents, PrintWriter out) {
        out.printf("Question catalogue: %d cases, %s agents, data %s..%s%n%n", report.total(), agents,
                catalogue.firstDay(), catalogue.lastDay());
        out.printf("%-15s %7s %6s %7s%n", "category", "passed", "total", "%");
        for (Map.Entry<String, int[]> e : report.perCategory().entrySet()) {
            int[] counts = e.getValue();
            out.printf("%-15s %7d %6d %7s%n", e.getKey(), counts[0], counts[1], percent(counts[0], counts[1]));
        }
        out.printf("%-15s %7d %6d %7s%n", "overall", report.passed(), report.total(),
                percent(report.passed(), report.total()));
        int misses = report.failures().size();
        out.printf("%nmisses: %d, of which honest (asked or declined instead of answering): %d, wrong: %d%n",
                misses, report.honestMisses(), misses - report.honestMisses());
        if (misses == 0) {
            return;
        }
        out.printf("%nFailures:%n");
        for (CatalogueEval.Failure f : report.failures()) {
            out.printf("%s #%d%s \"%s\": expected %s | actual %s%n", f.caseId(), f.turn(),
                    f.honest() ? " (honest)" : "", f.question(), f.expected(), f.actual());
        }
    }

    private static String percent(int passed, int total) {
        return total == 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100.0 * passed / total);
    }
}
