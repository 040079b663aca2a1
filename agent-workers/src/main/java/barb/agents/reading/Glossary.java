package barb.agents.reading;

import barb.agents.text.WordForms;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How traders say what the reader's rules already know, in other words: "amplitude" for range, "рейндж" for
 * диапазон, "payrolls" for nfp, and words that ask nothing ("historically", "stats"). The entries are data
 * (barb/agents/reading/glossary.tsv: concept, variant, canonical term), written apart from the rules and from every
 * question set, so the reader learns a trader's vocabulary rather than the sentences it was tested on
 * (docs/understanding.md "The glossary"). Words are matched by their Snowball stems, so any ending of a variant
 * ("рейнджа", "рейнджем") is the variant. Only words no rule read are looked up: a rule always wins. Pure.
 */
final class Glossary {
    static final String RESOURCE = "barb/agents/reading/glossary.tsv";
    private static final int MAX_WORDS = 4;

    /**
     * @param concept   what the term is (metric, session, day, event, compute, time, filler)
     * @param variant   how a trader writes it
     * @param canonical the term the rules read; empty for a word that asks nothing
     */
    record Entry(String concept, String variant, String canonical) {
    }

    /** The glossary shipped with the reader. */
    static final Glossary SHIPPED = load();

    /** Stems of a variant's words, joined by spaces → its entry. */
    private final Map<String, Entry> byStems = new HashMap<>();
    private final List<Entry> entries;

    Glossary(List<Entry> entries) {
        this.entries = List.copyOf(entries);
        for (Entry e : entries) {
            byStems.putIfAbsent(stems(List.of(e.variant().split(" "))), e);
        }
    }

    List<Entry> entries() {
        return entries;
    }

    /**
     * The entry for the longest run of words that starts at {@code from} (at most four words), and how many words
     * it takes; empty when no run starting there is a variant.
     */
    Optional<Match> longestAt(List<String> words, int from) {
        for (int n = Math.min(MAX_WORDS, words.size() - from); n >= 1; n--) {
            Entry e = byStems.get(stems(words.subList(from, from + n)));
            if (e != null) {
                return Optional.of(new Match(e, n));
            }
        }
        return Optional.empty();
    }

    /** An entry and the number of words it read. */
    record Match(Entry entry, int words) {
    }

    private static String stems(List<String> words) {
        StringBuilder out = new StringBuilder();
        for (String w : words) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(WordForms.stem(w));
        }
        return out.toString();
    }

    /** Reads tab-separated lines; a line that is not three fields with a variant is a broken build, not skipped. */
    static Glossary parse(BufferedReader in) throws IOException {
        List<Entry> entries = new ArrayList<>();
        int number = 0;
        for (String line; (line = in.readLine()) != null; ) {
            number++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length != 3 || f[1].isBlank()) {
                throw new IllegalArgumentException("glossary line " + number + ": expected concept, variant, "
                        + "canonical separated by tabs");
            }
            entries.add(new Entry(f[0].strip(), f[1].strip().toLowerCase(java.util.Locale.ROOT).replace('ё', 'е'),
                    f[2].strip().toLowerCase(java.util.Locale.ROOT).replace('ё', 'е')));
        }
        return new Glossary(entries);
    }

    private static Glossary load() {
        try (InputStream in = Glossary.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
