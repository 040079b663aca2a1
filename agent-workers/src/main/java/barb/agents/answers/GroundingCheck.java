package barb.agents.answers;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mechanical check that an answer invents no number (seed 003): every number in the text must be a number of
 * the results, the plans or the question, as written or rounded the way answers round (half away from zero, to
 * as many decimals as the text shows). Separators are normalised first ("1,234.5", "1 234,5"), a percent sign and
 * a leading plus are not part of the number, and dates and times count by their parts (the ":00" of a whole hour
 * is no number). Pure.
 */
public final class GroundingCheck {
    // 1,234.56 | 1 234,56 (also with a no-break space) | 12.5 | 12,5 | 7
    private static final Pattern NUMBER = Pattern.compile(
            "(?<![\\p{L}\\d_])[-−]?\\d{1,3}(?:[,\\u00a0\\u202f ]\\d{3})+(?:[.,]\\d+)?(?!\\d)"
                    + "|(?<![\\p{L}\\d_])[-−]?\\d+(?:[.,]\\d+)?(?!\\d)");
    private static final Pattern DIGITS = Pattern.compile("\\d+(?:\\.\\d+)?");

    private GroundingCheck() {
    }

    /**
     * The numbers of {@code text} that none of the sources backs, in order of appearance; empty when the text is
     * grounded.
     *
     * @param sources the results, the plans and anything else the text may quote (JSON); the question as text
     */
    public static List<String> ungrounded(String text, List<JsonNode> sources, String question) {
        Set<BigDecimal> known = new HashSet<>();
        for (JsonNode source : sources) {
            collect(source, known);
        }
        if (question != null) {
            numbersIn(question, known);
        }
        List<String> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            if (m.group().equals("00") && m.start() > 0 && text.charAt(m.start() - 1) == ':') {
                // the minutes of a whole hour ("10:00" for the result's hour 10) claim nothing
                continue;
            }
            List<BigDecimal> readings = readings(m.group());
            if (!readings.isEmpty() && readings.stream().noneMatch(r -> backed(r, known))) {
                out.add(m.group().strip());
            }
        }
        return out;
    }

    /** A shown number is backed when a known one rounds to it at the shown precision (sign ignored). */
    private static boolean backed(BigDecimal shown, Set<BigDecimal> known) {
        BigDecimal abs = shown.abs();
        int scale = Math.max(0, abs.scale());
        for (BigDecimal k : known) {
            if (k.abs().setScale(scale, RoundingMode.HALF_UP).compareTo(abs) == 0) {
                return true;
            }
        }
        return false;
    }

    private static void collect(JsonNode node, Set<BigDecimal> known) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return;
        }
        if (node.isNumber()) {
            known.add(node.decimalValue().stripTrailingZeros());
        } else if (node.isTextual()) {
            numbersIn(node.asText(), known);
        } else if (node.isContainerNode()) {
            for (Map.Entry<String, JsonNode> e : iterable(node)) {
                if (e.getKey() != null) {
                    numbersIn(e.getKey(), known);
                }
                collect(e.getValue(), known);
            }
        }
    }

    private static Iterable<Map.Entry<String, JsonNode>> iterable(JsonNode node) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(v -> out.add(new java.util.AbstractMap.SimpleEntry<>(null, v)));
        } else {
            node.fields().forEachRemaining(out::add);
        }
        return out;
    }

    /** Every run of digits in a text (dates and times give their parts), as a known number. */
    private static void numbersIn(String text, Set<BigDecimal> known) {
        Matcher m = DIGITS.matcher(text);
        while (m.find()) {
            known.add(new BigDecimal(m.group()).stripTrailingZeros());
        }
        Matcher n = NUMBER.matcher(text);
        while (n.find()) {
            for (BigDecimal v : readings(n.group())) {
                known.add(v.stripTrailingZeros());
            }
        }
    }

    /**
     * What a written number may mean: "1,234.5" and "1 234,5" one thing each, "1,234" either 1234 (English
     * thousands) or 1.234 (a Russian decimal comma), "12" itself.
     */
    static List<BigDecimal> readings(String written) {
        String s = written.strip().replace('\u2212', '-').replace("\u00a0", "").replace("\u202f", "")
                .replace(" ", "");
        int dot = s.lastIndexOf('.');
        int comma = s.lastIndexOf(',');
        List<String> texts = new ArrayList<>();
        if (dot >= 0 && comma >= 0) {
            // the later mark is the decimal one
            texts.add(dot > comma ? s.replace(",", "") : s.replace(".", "").replace(',', '.'));
        } else if (comma >= 0 && s.indexOf(',') != comma) {
            texts.add(s.replace(",", ""));
        } else if (comma >= 0) {
            texts.add(s.replace(',', '.'));
            if (s.length() - comma - 1 == 3) {
                texts.add(s.replace(",", ""));
            }
        } else {
            texts.add(s);
        }
        List<BigDecimal> out = new ArrayList<>();
        for (String t : texts) {
            try {
                out.add(new BigDecimal(t));
            } catch (NumberFormatException e) {
                // not a number after all: nothing to check
            }
        }
        return out;
    }
}
