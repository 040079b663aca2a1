package barb.agents;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The packages of the rules agents are layers, each using only the ones below it (docs/understanding.md, "Where
 * the code is"): text, periods, steps, reading, answers, the stage handlers in barb.agents itself, the in-process
 * chat, the catalogue eval. The language packages (text, periods, steps, reading) only compute: no files,
 * network, Kafka, database or logging.
 */
@AnalyzeClasses(packages = "barb.agents", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String[] LANGUAGE_PACKAGES = {"barb.agents.text..", "barb.agents.periods..",
            "barb.agents.steps..", "barb.agents.reading.."};

    @ArchTest
    static final ArchRule eachPackageUsesOnlyTheLayersBelowIt = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .ensureAllClassesAreContainedInArchitecture()
            .layer("text").definedBy("barb.agents.text..")
            .layer("periods").definedBy("barb.agents.periods..")
            .layer("steps").definedBy("barb.agents.steps..")
            .layer("reading").definedBy("barb.agents.reading..")
            .layer("answers").definedBy("barb.agents.answers..")
            .layer("handlers").definedBy("barb.agents")
            .layer("chat").definedBy("barb.agents.chat..")
            .layer("eval").definedBy("barb.agents.eval..")
            .whereLayer("eval").mayNotBeAccessedByAnyLayer()
            .whereLayer("chat").mayOnlyBeAccessedByLayers("eval")
            .whereLayer("handlers").mayOnlyBeAccessedByLayers("chat", "eval")
            .whereLayer("answers").mayOnlyBeAccessedByLayers("handlers", "chat", "eval")
            .whereLayer("reading").mayOnlyBeAccessedByLayers("answers", "handlers", "chat", "eval")
            .whereLayer("steps").mayOnlyBeAccessedByLayers("reading", "answers", "handlers", "chat", "eval")
            .whereLayer("periods").mayOnlyBeAccessedByLayers("steps", "reading", "answers", "handlers", "chat",
                    "eval")
            .whereLayer("text").mayOnlyBeAccessedByLayers("periods", "steps", "reading", "answers", "handlers",
                    "chat", "eval");

    @ArchTest
    static final ArchRule packagesHaveNoCycles = slices().matching("barb.agents.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule languagePackagesTouchNoFilesNetworkKafkaOrDatabase = noClasses()
            .that().resideInAnyPackage(LANGUAGE_PACKAGES)
            .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.net..",
                    "org.apache.kafka..", "java.sql..")
            .orShould().dependOnClassesThat().haveNameMatching("java\\.io\\.File.*");

    /**
     * The one exception is QuestionReader's safety net: a bug in the reader is logged as a warning and the question
     * read as nothing, so that no stage fails on odd text.
     */
    @ArchTest
    static final ArchRule languagePackagesDoNotLog = noClasses()
            .that().resideInAnyPackage(LANGUAGE_PACKAGES)
            .and().doNotHaveFullyQualifiedName("barb.agents.reading.QuestionReader")
            .should().dependOnClassesThat().resideInAnyPackage("org.slf4j..");
}
