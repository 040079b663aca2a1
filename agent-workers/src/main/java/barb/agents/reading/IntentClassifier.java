package barb.agents.reading;

import barb.agents.steps.StepText;
import barb.agents.text.LanguageDetector;
import barb.agents.text.TextNormalizer;
import barb.agents.text.Vocabulary;

/** The rules intent: data, chitchat or concept; the language; and the English the other agents read. */
public final class IntentClassifier {
    /**
     * @param reading the rules' reading of the question when it was read (a data question), else null: carried
     *                in the envelope so that the next stages do not read the question again
     */
    public record Result(String intent, String lang, String internalQuery, Reading reading) {
        public Result(String intent, String lang, String internalQuery) {
            this(intent, lang, internalQuery, null);
        }
    }

    private IntentClassifier() {
    }

    public static Result classify(String question) {
        String text = question == null ? "" : question.strip();
        String lang = LanguageDetector.detect(text);
        boolean ru = "ru".equals(lang);

        String term = ConceptCatalog.askedTerm(text);
        ConceptCatalog.Concept concept = term == null ? null : ConceptCatalog.lookup(term);
        if (concept != null) {
            return new Result("concept", lang, ru ? "what is " + concept.name() + "?" : text);
        }
        ConceptCatalog.Concept defined = ConceptCatalog.definitionAsked(text);
        if (defined != null) {
            return new Result("concept", lang, ru ? "what is " + defined.name() + "?" : text);
        }
        SmallTalk.Kind kind = SmallTalk.classify(text);
        if (kind != null) {
            return new Result("chitchat", lang, ru ? SmallTalk.english(kind) : text);
        }
        if (term != null && namesOneThing(term)) {
            return new Result("concept", lang, ru ? "what is " + Questions.english(term) + "?" : text);
        }
        Reading reading = QuestionReader.read(text);
        if (reading.step() != null) {
            return new Result("data", lang, ru ? StepText.render(reading.step()) : text, reading);
        }
        if (reading.outOfScope() != null || !reading.clarify().isEmpty()) {
            return new Result("data", lang, ru ? Questions.english(text) : text, reading);
        }
        ConceptCatalog.Concept mentioned = ConceptCatalog.find(text);
        if (mentioned != null) {
            return new Result("concept", lang, ru ? "what is " + mentioned.name() + "?" : text);
        }
        if (mentionsMarketData(Questions.english(text))) {
            return new Result("data", lang, ru ? Questions.english(text) : text);
        }
        return new Result("chitchat", lang, ru ? Questions.english(text) : text);
    }

    private static final java.util.Set<String> DOMAIN = java.util.Set.of("nq", "nasdaq", "range", "ranges",
            "volatility", "volatile", "gap", "gaps", "day", "days", "session", "sessions", "rth", "eth", "high", "low",
            "open", "close", "closed", "volume", "price", "prices", "average", "mean", "median", "count", "top",
            "green", "red", "fell", "drop", "drops", "rose", "trading", "candle", "candles", "pattern", "patterns",
            "week", "weekday", "month", "quarter", "year", "change", "return", "returns", "percent", "%", "points",
            "futures", "market", "probability", "correlation", "streak", "fomc", "opex", "cpi", "nfp", "hour", "buy",
            "sell", "tomorrow", "today", "forecast", "predict", "many");

    private static final Vocabulary DOMAIN_WORDS = new Vocabulary(DOMAIN, java.util.List.of());

    /**
     * "What is a shooting star?": the asked term is one pattern, session or event and nothing else (no period,
     * measure or operation), so the question asks what the thing is, not for data about it.
     */
    private static boolean namesOneThing(String term) {
        java.util.List<Lexicon.Finding> found = QuestionReader.findings(term).stream()
                .filter(f -> !f.kind().equals("filler") && !f.kind().equals("connector")).toList();
        if (found.isEmpty()) {
            return false;
        }
        java.util.Set<String> kinds = new java.util.HashSet<>();
        for (Lexicon.Finding f : found) {
            kinds.add(f.kind());
        }
        return kinds.size() == 1 && java.util.Set.of("pattern", "session", "event").containsAll(kinds)
                && QuestionReader.read(term).clarify().isEmpty();
    }

    /** True when the text mentions anything about market data: a data question the reader could not place. */
    private static boolean mentionsMarketData(String english) {
        for (String token : TextNormalizer.tokens(TextNormalizer.normalize(english))) {
            String t = DOMAIN_WORDS.match(token).map(Vocabulary.Match::word).orElse(token);
            if (DOMAIN.contains(t) || t.matches("(19|20)\\d\\d")) {
                return true;
            }
        }
        return false;
    }
}
