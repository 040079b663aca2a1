package barb.agents.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Russian numbers written in words, as dictated messages and careful writers have them, turned into digits so that
 * the reader sees the same text as from someone who typed digits: "в двадцать пятом году" → "в 2025 году",
 * "с двадцатого года" → "с 2020 года", "восемнадцатого декабря двадцать четвёртого" → "18 декабря 2024", "больше
 * трёх процентов" → "больше 3 процентов", "полтора процента" → "1.5 процента", "с полдесятого до пол
 * одиннадцатого" → "с 9:30 до 10:30", "десять тридцать" → "10:30", "больше чем на процент" → "больше чем на 1
 * процент"; and in English "half a percent" → "0.5 %", "more than a percent" → "more than 1 %".
 *
 * <p>An ordinal is a year when it is one (2000–2099), when "год" follows it, or when it is 8–40 without a noun that
 * makes it something else ("двадцатый день", "пятнадцатого числа"); before a month's name it is the day of that
 * month. The ordinals one to ten stay words otherwise: "первый час", "в четвёртом квартале", "третья пятница"
 * are read as words. "Один" becomes 1 only before "процент" or "пункт" ("в один день" is no number). Pure: text in,
 * text out. The text is lower-cased with "ё" written "е".
 */
public final class SpokenNumbers {
    private static final Map<String, Integer> CARDINALS = new HashMap<>();
    private static final Map<String, Integer> ORDINAL_STEMS = new HashMap<>();
    private static final List<String> ORDINAL_ENDINGS = List.of("ого", "его", "ому", "ему", "ыми", "ими", "ый", "ий",
            "ой", "ом", "ем", "ое", "ее", "ая", "яя", "ую", "юю", "ей", "ые", "ие", "ых", "их", "ым", "им");
    private static final Set<String> UNIT_PREFIXES = Set.of("числ", "дн", "ден", "час", "минут", "бар", "свеч",
            "недел", "месяц", "квартал", "раз", "мест", "строк", "сесси", "процент", "пункт", "торгов", "сделк",
            "тик", "контракт", "лот", "лет", "год", "бин");
    private static final Set<String> MONTHS_GENITIVE = Set.of("января", "февраля", "марта", "апреля", "мая", "июня",
            "июля", "августа", "сентября", "октября", "ноября", "декабря");
    /** "больше чем на процент": a percent without a number after a word that compares is one percent. */
    private static final Pattern A_PERCENT = Pattern.compile("(?<![а-я])(на|больше|меньше|более|менее|выше|ниже"
            + "|свыше|чем) (процент|процента)(?![а-я])");
    private static final Pattern WORD = Pattern.compile("[а-я]+");
    /** "пол десятого", "пол-десятого", "половина десятого": half past the hour before. */
    private static final Pattern HALF_HOUR = Pattern.compile("(?<![а-я])(?:пол[\\s-]?|половин[аеуы]\\s+)([а-я]+ого)"
            + "(?![а-я])");
    private static final Pattern HALF_PERCENT = Pattern.compile("(?<![а-я])пол[\\s-]?(процента|пункта)(?![а-я])");
    private static final Pattern AND_A_HALF = Pattern.compile("(?<![\\d.])(\\d+) с половиной(?![а-я])");
    private static final Pattern ONE_AND_A_HALF = Pattern.compile("(?<![а-я])(?:полтора|полторы|полутора)(?![а-я])");
    private static final Pattern HALF_PERCENT_EN = Pattern.compile("(?<![\\p{L}])half (?:a |one |of a |of one )?"
            + "(?:percent|pct|%)(?![\\p{L}])");
    private static final Pattern A_PERCENT_EN = Pattern.compile("(?<![\\p{L}])(than|by|over|under|above|below|least"
            + "|most) (?:a |one )(?:full )?(?:percent|pct|%)(?![\\p{L}])");

    static {
        cardinal(0, "ноль", "нуль", "ноля", "нуля");
        cardinal(2, "два", "две", "двух", "двум", "двумя");
        cardinal(3, "три", "трех", "трем", "тремя");
        cardinal(4, "четыре", "четырех", "четырем", "четырьмя");
        cardinal(5, "пять", "пяти", "пятью");
        cardinal(6, "шесть", "шести", "шестью");
        cardinal(7, "семь", "семи");
        cardinal(8, "восемь", "восьми", "восемью");
        cardinal(9, "девять", "девяти", "девятью");
        cardinal(10, "десять", "десяти", "десятью");
        String[] teens = {"одиннадцат", "двенадцат", "тринадцат", "четырнадцат", "пятнадцат", "шестнадцат",
            "семнадцат", "восемнадцат", "девятнадцат"};
        for (int i = 0; i < teens.length; i++) {
            cardinal(11 + i, teens[i] + "ь", teens[i] + "и", teens[i] + "ью");
            ORDINAL_STEMS.put(teens[i], 11 + i);
        }
        cardinal(20, "двадцать", "двадцати", "двадцатью");
        cardinal(30, "тридцать", "тридцати", "тридцатью");
        cardinal(40, "сорок", "сорока");
        cardinal(50, "пятьдесят", "пятидесяти");
        cardinal(60, "шестьдесят", "шестидесяти");
        cardinal(70, "семьдесят", "семидесяти");
        cardinal(80, "восемьдесят", "восьмидесяти");
        cardinal(90, "девяносто", "девяноста");
        cardinal(100, "сто", "ста");
        cardinal(200, "двести", "двухсот", "двумстам");
        cardinal(300, "триста", "трехсот");
        cardinal(400, "четыреста", "четырехсот");
        cardinal(500, "пятьсот", "пятисот");
        cardinal(600, "шестьсот", "шестисот");
        cardinal(700, "семьсот", "семисот");
        cardinal(800, "восемьсот", "восьмисот");
        cardinal(900, "девятьсот", "девятисот");
        cardinal(1000, "тысяча", "тысячи", "тысяч", "тысячу", "тысячей");
        String[] ordinals = {"перв", "втор", "трет", "четверт", "пят", "шест", "седьм", "восьм", "девят", "десят"};
        for (int i = 0; i < ordinals.length; i++) {
            ORDINAL_STEMS.put(ordinals[i], 1 + i);
        }
        ORDINAL_STEMS.put("двадцат", 20);
        ORDINAL_STEMS.put("тридцат", 30);
        ORDINAL_STEMS.put("сороков", 40);
        ORDINAL_STEMS.put("пятидесят", 50);
        ORDINAL_STEMS.put("шестидесят", 60);
        ORDINAL_STEMS.put("семидесят", 70);
        ORDINAL_STEMS.put("восьмидесят", 80);
        ORDINAL_STEMS.put("девяност", 90);
        ORDINAL_STEMS.put("сот", 100);
        ORDINAL_STEMS.put("тысячн", 1000);
        ORDINAL_STEMS.put("двухтысячн", 2000);
    }

    /** The first two letters of every number word: most words of a text are passed over by one look-up. */
    private static final Set<Integer> STARTS = starts();

    private SpokenNumbers() {
    }

    private static Set<Integer> starts() {
        Set<Integer> out = new java.util.HashSet<>();
        for (String w : CARDINALS.keySet()) {
            out.add(start(w, 0));
        }
        for (String w : ORDINAL_STEMS.keySet()) {
            out.add(start(w, 0));
        }
        out.add(start("один", 0));
        out.add(start("одного", 0));
        return Set.copyOf(out);
    }

    private static int start(String text, int at) {
        return text.charAt(at) << 16 | (at + 1 < text.length() ? text.charAt(at + 1) : 0);
    }

    private static void cardinal(int value, String... forms) {
        for (String f : forms) {
            CARDINALS.put(f, value);
        }
    }

    /** The text with its numbers in words written in digits; a text without any comes back as it was. */
    public static String digits(String text) {
        String s = text;
        if (s.contains("half") || s.contains("percent") || s.contains("pct") || s.contains("%")) {
            s = HALF_PERCENT_EN.matcher(s).replaceAll("0.5 %");
            s = A_PERCENT_EN.matcher(s).replaceAll("$1 1 %");
        }
        if (!LanguageDetector.hasCyrillic(s)) {
            return s;
        }
        if (s.contains("пол")) {
            s = ONE_AND_A_HALF.matcher(s).replaceAll("1.5");
            s = HALF_PERCENT.matcher(s).replaceAll("0.5 $1");
            s = HALF_HOUR.matcher(s).replaceAll(m -> {
                Integer hour = ordinal(m.group(1));
                return hour == null || hour > 12 ? m.group() : (hour == 1 ? 12 : hour - 1) + ":30";
            });
        }
        s = words(s);
        if (s.contains("процент")) {
            s = A_PERCENT.matcher(s).replaceAll("$1 1 $2");
        }
        if (s.contains("половин")) {
            s = AND_A_HALF.matcher(s).replaceAll("$1.5");
        }
        return s;
    }

    /** One number: its words' span in the text, its value, and whether its last word is an ordinal. */
    private record Spoken(int start, int end, int words, int value, boolean ordinal, String ending) {
    }

    private static String words(String s) {
        List<int[]> spans = new ArrayList<>();
        Matcher m = WORD.matcher(s);
        while (m.find()) {
            spans.add(new int[] {m.start(), m.end()});
        }
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i < spans.size(); ) {
            Spoken n = number(s, spans, i);
            if (n == null) {
                i++;
                continue;
            }
            int after = i + n.words();
            String written = written(n, after < spans.size() ? word(s, spans, after) : "");
            // "в десять тридцать": an hour and its minutes said as two numbers
            Spoken minutes = after < spans.size() ? number(s, spans, after) : null;
            if (minutes != null && !n.ordinal() && !minutes.ordinal() && n.value() <= 23
                    && (minutes.value() == 15 || minutes.value() == 30 || minutes.value() == 45)
                    && onlySpaceBetween(s, n.end(), minutes.start())) {
                int unitAt = after + minutes.words();
                String unit = unitAt < spans.size() ? word(s, spans, unitAt) : "";
                if (UNIT_PREFIXES.stream().noneMatch(unit::startsWith)) {
                    written = n.value() + ":" + minutes.value();
                    n = new Spoken(n.start(), minutes.end(), unitAt - i, n.value(), false, "");
                }
            }
            if (written != null) {
                out.append(s, copied, n.start()).append(written);
                copied = n.end();
            }
            i += n.words();
        }
        if (copied == 0) {
            return s;
        }
        return out.append(s.substring(copied)).toString();
    }

    private static String word(String s, List<int[]> spans, int i) {
        return s.substring(spans.get(i)[0], spans.get(i)[1]);
    }

    /** The digits for a number, or null to leave its words as they are. */
    private static String written(Spoken n, String next) {
        if (!n.ordinal()) {
            if (n.value() == 1 && !next.startsWith("процент") && !next.startsWith("пункт")) {
                return null;
            }
            return String.valueOf(n.value());
        }
        if (MONTHS_GENITIVE.contains(next) && n.value() >= 1 && n.value() <= 31) {
            return String.valueOf(n.value());
        }
        if (n.value() >= 2000 && n.value() <= 2099) {
            return String.valueOf(n.value());
        }
        if (n.words() == 1 && n.value() <= 10) {
            // "в десятом году": a small ordinal is a year only when the year is said
            return next.startsWith("год") ? String.valueOf(2000 + n.value()) : null;
        }
        boolean nounAfter = UNIT_PREFIXES.stream().anyMatch(next::startsWith);
        if (n.value() <= 40 && (next.startsWith("год") || !nounAfter)) {
            return String.valueOf(2000 + n.value());
        }
        return n.value() + "-" + n.ending();
    }

    /** The number whose words begin at word i, or null when no number begins there. */
    private static Spoken number(String s, List<int[]> spans, int i) {
        int value = 0;
        int last = Integer.MAX_VALUE;
        int j = i;
        int end = -1;
        while (j < spans.size()) {
            if (j > i && !onlySpaceBetween(s, spans.get(j - 1)[1], spans.get(j)[0])) {
                break;
            }
            if (spans.get(j)[1] - spans.get(j)[0] < 2 || !STARTS.contains(start(s, spans.get(j)[0]))) {
                break;
            }
            String w = word(s, spans, j);
            if (w.startsWith("тысяч") && CARDINALS.containsKey(w)) {
                // "две тысячи": the number before is how many thousands
                if (value >= 10 || last == 1000) {
                    break;
                }
                value = Math.max(value, 1) * 1000;
                last = 1000;
                end = spans.get(j)[1];
                j++;
                continue;
            }
            Integer c = CARDINALS.get(w);
            if (c != null && fits(c, last)) {
                value += c;
                last = c;
                end = spans.get(j)[1];
                j++;
                continue;
            }
            Integer o = ordinal(w);
            if (o != null && fits(o, last)) {
                return new Spoken(spans.get(i)[0], spans.get(j)[1], j - i + 1, value + o, true, shortEnding(w));
            }
            if ("один".equals(w) || "одного".equals(w) || "одному".equals(w) || "одним".equals(w)) {
                if (last > 1 && fits(1, last)) {
                    value += 1;
                    end = spans.get(j)[1];
                    last = 1;
                    j++;
                }
            }
            break;
        }
        if (end < 0) {
            return null;
        }
        return new Spoken(spans.get(i)[0], end, j - i, value, false, "");
    }

    /** Whether a part of a number may follow the part before it: units after tens, tens after hundreds … */
    private static boolean fits(int part, int before) {
        if (before == Integer.MAX_VALUE) {
            return true;
        }
        if (before >= 1000) {
            return part < 1000;
        }
        if (before >= 100) {
            return part < 100;
        }
        if (before >= 20) {
            return part < 10;
        }
        return false;
    }

    private static boolean onlySpaceBetween(String s, int from, int to) {
        for (int k = from; k < to; k++) {
            if (s.charAt(k) != ' ') {
                return false;
            }
        }
        return true;
    }

    /** The value of an ordinal's word form ("двадцатого" → 20, "третьем" → 3), or null. */
    static Integer ordinal(String w) {
        if (w.startsWith("трет") && w.length() > 4) {
            String rest = w.substring(4);
            return Set.of("ий", "ье", "ьего", "ьему", "ьем", "ья", "ью", "ьей", "ьи", "ьих", "ьим", "ьими").contains(rest)
                    ? 3 : null;
        }
        for (String ending : ORDINAL_ENDINGS) {
            if (w.endsWith(ending) && w.length() > ending.length()) {
                Integer v = ORDINAL_STEMS.get(w.substring(0, w.length() - ending.length()));
                if (v != null) {
                    return v;
                }
            }
        }
        return null;
    }

    /** "-го", "-м", "-й" … the short ending written after digits. */
    private static String shortEnding(String w) {
        if (w.endsWith("ого") || w.endsWith("его") || w.endsWith("ьего")) {
            return "го";
        }
        if (w.endsWith("ому") || w.endsWith("ему")) {
            return "му";
        }
        if (w.endsWith("ыми") || w.endsWith("ими")) {
            return "ми";
        }
        if (w.endsWith("ых") || w.endsWith("их")) {
            return "х";
        }
        if (w.endsWith("ая") || w.endsWith("яя") || w.endsWith("ья")) {
            return "я";
        }
        if (w.endsWith("ую") || w.endsWith("юю") || w.endsWith("ью")) {
            return "ю";
        }
        if (w.endsWith("ые") || w.endsWith("ие")) {
            return "е";
        }
        if (w.endsWith("м")) {
            return "м";
        }
        return "й";
    }
}
