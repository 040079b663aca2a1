package barb.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Conversation memory of one chat (seed 000 §1.1): the recent messages, at most three summaries of older
 * ones and at most five key facts.
 */
public record Memory(List<ChatMessage> recent, List<MemorySummary> summaries, List<String> keyFacts) {
    public static final int RECENT_LIMIT = 10;
    public static final int MAX_SUMMARIES = 3;
    public static final int MAX_KEY_FACTS = 5;

    public Memory {
        recent = recent == null ? List.of() : List.copyOf(recent);
        summaries = summaries == null ? List.of() : List.copyOf(summaries);
        keyFacts = keyFacts == null ? List.of() : List.copyOf(keyFacts);
    }

    public static Memory empty() {
        return new Memory(List.of(), List.of(), List.of());
    }

    /** True once older messages were folded into summaries: the presenter then warns the user. */
    public boolean contextCompacted() {
        return !summaries.isEmpty();
    }

    /**
     * Adds one question/answer pair. Messages that fall out of the recent window are kept as a plain
     * extractive summary (no LLM in the default mode), so nothing silently disappears.
     */
    public Memory withExchange(String question, String answer) {
        List<ChatMessage> all = new ArrayList<>(recent);
        all.add(ChatMessage.user(question));
        all.add(ChatMessage.assistant(answer == null ? "" : answer));
        if (all.size() <= RECENT_LIMIT) {
            return new Memory(all, summaries, keyFacts);
        }
        List<ChatMessage> dropped = all.subList(0, all.size() - RECENT_LIMIT);
        StringBuilder text = new StringBuilder();
        for (ChatMessage m : dropped) {
            if (m.role().equals("user")) {
                if (!text.isEmpty()) {
                    text.append("; ");
                }
                text.append("asked: ").append(abbreviate(m.content(), 80));
            }
        }
        List<MemorySummary> newSummaries = new ArrayList<>(summaries);
        newSummaries.add(new MemorySummary(text.toString()));
        while (newSummaries.size() > MAX_SUMMARIES) {
            newSummaries.remove(0);
        }
        return new Memory(new ArrayList<>(all.subList(all.size() - RECENT_LIMIT, all.size())), newSummaries, keyFacts);
    }

    /**
     * The memory with these key facts ("key: value") added; a fact replaces an older one with the same key and
     * the oldest facts give way beyond {@link #MAX_KEY_FACTS}.
     */
    public Memory withKeyFacts(List<String> facts) {
        if (facts == null || facts.isEmpty()) {
            return this;
        }
        List<String> merged = new ArrayList<>(keyFacts);
        for (String fact : facts) {
            if (fact == null || fact.isBlank()) {
                continue;
            }
            String key = factKey(fact);
            merged.removeIf(f -> factKey(f).equals(key));
            merged.add(fact);
        }
        while (merged.size() > MAX_KEY_FACTS) {
            merged.remove(0);
        }
        return new Memory(recent, summaries, merged);
    }

    /** The value of the key fact with this key, or null. */
    public String keyFact(String key) {
        for (int i = keyFacts.size() - 1; i >= 0; i--) {
            String f = keyFacts.get(i);
            if (factKey(f).equals(key)) {
                int colon = f.indexOf(':');
                return colon < 0 ? "" : f.substring(colon + 1).strip();
            }
        }
        return null;
    }

    private static String factKey(String fact) {
        int colon = fact.indexOf(':');
        return colon < 0 ? fact.strip() : fact.substring(0, colon).strip();
    }

    /** The memory as text for an agent's prompt or rules, or null when there is nothing to remember. */
    public String asContext() {
        if (recent.isEmpty() && summaries.isEmpty() && keyFacts.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (String fact : keyFacts) {
            sb.append("fact: ").append(fact).append('\n');
        }
        for (MemorySummary s : summaries) {
            sb.append("earlier: ").append(s.content()).append('\n');
        }
        for (ChatMessage m : recent) {
            sb.append(m.role()).append(": ").append(m.content()).append('\n');
        }
        return sb.toString().strip();
    }

    private static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
