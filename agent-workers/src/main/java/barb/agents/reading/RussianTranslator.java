package barb.agents.reading;

import barb.agents.text.LanguageDetector;
import barb.agents.text.TextNormalizer;
import barb.agents.text.Vocabulary;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A rules translation of Russian questions into the English words the recogniser knows: fixed phrases first,
 * then word by word (every inflected form listed), with typo tolerance. Words it does not know stay as they
 * are, so an untranslatable question is never mistaken for a supported one.
 */
final class RussianTranslator {
    /** Phrases, applied in order, before single words. */
    private static final Map<String, String> PHRASES = new LinkedHashMap<>();
    private static final Map<String, String> WORDS = new LinkedHashMap<>();

    static {
        phrase("по дням недели", "by weekday");
        phrase("по дню недели", "by weekday");
        phrase("по дням неделям", "by weekday");
        phrase("по месяцам", "by month");
        phrase("по годам", "by year");
        phrase("по кварталам", "by quarter");
        phrase("по кварталу", "by quarter");
        phrase("в какой час", "what hour");
        phrase("в который час", "what hour");
        phrase("во сколько", "what time");
        phrase("в какое время", "what time");
        phrase("какой час", "what hour");
        phrase("больше чем на", "more than");
        phrase("более чем на", "more than");
        phrase("больше чем", "more than");
        phrase("более чем", "more than");
        phrase("больше", "more than");
        phrase("более", "more than");
        phrase("свыше", "more than");
        phrase("меньше чем на", "less than");
        phrase("менее чем на", "less than");
        phrase("меньше чем", "less than");
        phrase("меньше", "less than");
        phrase("менее", "less than");
        phrase("как минимум на", "at least");
        phrase("хотя бы на", "at least");
        phrase("минимум на", "at least");
        phrase("не менее чем на", "at least");
        phrase("не менее", "at least");
        phrase("в этом году", "this year");
        phrase("за этот год", "this year");
        phrase("в прошлом году", "last year");
        phrase("за прошлый год", "last year");
        phrase("за все время", "all time");
        phrase("за всю историю", "all time");
        phrase("весь торговый день", "whole day");
        phrase("вся торговая сессия", "whole day");
        phrase("вся сессия", "whole day");
        phrase("всю сессию", "whole day");
        phrase("весь день", "whole day");
        phrase("полный день", "whole day");
        phrase("полная сессия", "whole day");
        phrase("основная сессия", "rth");
        phrase("основную сессию", "rth");
        phrase("основной сессии", "rth");
        phrase("регулярная сессия", "rth");
        phrase("дневная сессия", "rth");
        phrase("в среднем", "average");
        phrase("самых волатильных", "most volatile");
        phrase("самые волатильные", "most volatile");
        phrase("наиболее волатильных", "most volatile");
        phrase("что такое", "what is");
        phrase("что значит", "what is");
        phrase("что означает", "what is");
        phrase("как дела", "how are you");

        words("average", "средний", "средняя", "среднее", "среднего", "средние", "среднюю", "среднем", "средних");
        words("typical", "типичный", "типичная", "типичное", "обычный", "обычная", "обычное", "обычного");
        words("usually", "обычно", "типично");
        words("median", "медианный", "медианная", "медиана", "медиану");
        words("max", "максимальный", "максимальная", "максимальное");
        words("min", "минимальный", "минимальная", "минимальное");
        words("daily", "дневной", "дневная", "дневное", "дневного", "дневные", "дневных", "дневному",
                "дневным", "ежедневный", "дневной");
        words("range", "диапазон", "диапазона", "диапазону", "диапазоном", "диапазоны", "диапазонов", "диапазонам",
                "диапазоне", "рейндж", "рейнджа", "рейнджу", "ренж", "рэндж");
        words("volatility", "волатильность", "волатильности");
        words("volatile", "волатильных", "волатильные", "волатильный", "волатильными");
        words("change", "изменение", "изменения", "изменению", "доходность", "доходности");
        words("top", "топ");
        words("best", "лучших", "лучшие", "лучший");
        words("worst", "худших", "худшие", "худший");
        words("biggest", "крупнейших", "крупнейшие", "больших", "большие", "сильнейших", "сильнейшие");
        words("most", "самых", "самые", "самый", "самая");
        words("drops", "падений", "падения", "падение", "просадок", "просадки");
        words("gains", "ростов", "взлетов", "взлеты");
        words("day", "день", "дня", "дню", "днем", "дне");
        words("days", "дней", "дни", "днях", "дням", "днями");
        words("how many", "сколько");
        words("number of", "количество", "число");
        words("green", "зеленых", "зеленые", "зеленый", "зеленая", "зеленым", "зелеными", "зеленого", "зелененьких");
        words("red", "красных", "красные", "красный", "красная", "красным", "красными", "красного");
        words("when", "когда");
        words("where", "где");
        words("which", "которые", "которых", "который", "какие", "каких");
        words("what", "какой", "какая", "какое", "каков", "какова", "что");
        words("is", "это", "был", "была", "было", "были", "бывает");
        words("fell", "упал", "упала", "падал", "падала", "снизился", "снизилась", "снижался", "просел", "просела",
                "упало");
        words("rose", "вырос", "выросла", "рос", "росла", "поднялся", "поднялась", "подрос", "вырастал");
        words("%", "процент", "процента", "процентов", "проц");
        words("points", "пунктов", "пункта", "пункт", "пунктах", "пт");
        words("high", "хай", "хая", "хаю", "максимум", "максимума", "хаи");
        words("low", "лоу", "лой", "лоя", "минимум", "минимума");
        words("set", "формируется", "формируются", "образуется", "устанавливается", "ставится", "обновляется",
                "случается", "появляется", "формировался", "делается");
        words("hour", "час", "часу", "часа");
        words("time", "время", "времени");
        words("show", "покажи", "показать", "выведи", "найди", "дай", "назови", "перечисли", "посчитай");
        words("me", "мне");
        words("please", "пожалуйста", "плиз");
        words("trading", "торговые", "торговых", "торговый", "торговая", "торговой", "торговым");
        words("session", "сессия", "сессии", "сессию", "сессией");
        words("up", "вверх", "вверху");
        words("down", "вниз");
        words("gap", "гэп", "гэпом", "гэпа", "гэпы", "гэпов", "гэпами", "геп", "гепом", "гепа", "гепы", "гэпу");
        words("in", "за", "в", "во");
        words("by", "по");
        words("with", "с", "со");
        words("and", "и");
        words("from", "от");
        words("to", "до");
        words("", "на", "год", "года", "году", "годы", "ли", "же", "у", "а", "вообще");
        words("nq", "нк", "наск", "насдак", "nasdaq");
        words("rth", "ртх", "ртш", "рth");
        words("eth", "етх", "етш", "итх");
        words("month", "месяц", "месяца", "месяцам");
        words("year", "годам");
        words("ascending", "возрастанию");
        words("descending", "убыванию");
    }

    /** The Russian words above, matched with typos and other word forms (declared after they are filled). */
    private static final Vocabulary VOCABULARY = new Vocabulary(WORDS.keySet(), List.of());

    private RussianTranslator() {
    }

    private static void phrase(String ru, String en) {
        PHRASES.put(ru, en);
    }

    private static void words(String en, String... ru) {
        for (String w : ru) {
            WORDS.put(w, en);
        }
    }

    /** The English rendering of a Russian text (already-English words pass through unchanged). */
    static String toEnglish(String text) {
        String s = " " + TextNormalizer.normalize(text) + " ";
        s = s.replaceAll(" с (\\d{4}) по (\\d{4}) ", " from $1 to $2 ");
        for (Map.Entry<String, String> p : PHRASES.entrySet()) {
            s = s.replace(" " + p.getKey() + " ", " " + p.getValue() + " ");
        }
        StringBuilder out = new StringBuilder();
        List<String> tokens = TextNormalizer.tokens(s.strip());
        for (String token : tokens) {
            String en = translateWord(token);
            if (!en.isEmpty()) {
                if (!out.isEmpty()) {
                    out.append(' ');
                }
                out.append(en);
            }
        }
        return out.toString();
    }

    private static String translateWord(String token) {
        if (!LanguageDetector.hasCyrillic(token)) {
            return token;
        }
        String en = WORDS.get(token);
        if (en != null) {
            return en;
        }
        String corrected = VOCABULARY.match(token).map(Vocabulary.Match::word).orElse(token);
        return WORDS.getOrDefault(corrected, token);
    }
}
