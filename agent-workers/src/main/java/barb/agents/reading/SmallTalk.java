package barb.agents.reading;

import barb.agents.text.TextNormalizer;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Greetings, thanks, goodbyes, cancellations: short messages that are not questions about data. */
public final class SmallTalk {
    public enum Kind { GREETING, THANKS, BYE, HOW_ARE_YOU, CANCEL, OK, CAPABILITIES }

    private static final Map<Kind, Set<String>> PHRASES = Map.of(
            Kind.GREETING, Set.of("hi", "hello", "hey", "hey there", "hi there", "hello there", "good morning",
                    "good afternoon", "good evening", "yo", "hiya", "greetings", "привет",
                    "приветик", "здравствуй", "здравствуйте", "добрый день", "добрый вечер", "доброе утро", "хай",
                    "салют", "хелло"),
            Kind.THANKS, Set.of("thanks", "thank you", "thx", "ty", "thanks a lot", "thank you very much", "cheers",
                    "спасибо", "спасибо большое", "благодарю", "спс", "пасиб"),
            Kind.BYE, Set.of("bye", "goodbye", "see you", "see ya", "good night", "пока", "до свидания",
                    "до встречи", "всего доброго", "gn", "cya", "ttyl", "доброй ночи", "спокойной ночи",
                    "на сегодня все", "на сегодня всё", "на сегодня хватит", "that's all for today",
                    "thats all for today", "that's it for today", "thats it for today"),
            Kind.HOW_ARE_YOU, Set.of("how are you", "how are you doing", "how is it going", "what up", "как дела",
                    "как ты", "как жизнь"),
            Kind.CANCEL, Set.of("never mind", "nevermind", "nvm", "nm", "cancel", "forget it", "stop", "skip", "skip it",
                    "no thanks", "not now", "later", "forget about it", "nothing", "забей", "отмена", "отменить",
                    "неважно", "не важно", "проехали", "отбой", "ладно потом", "потом", "не надо", "ничего",
                    "забудь", "стоп", "хватит"),
            Kind.OK, Set.of("ok", "okay", "cool", "great", "nice", "got it", "ок", "окей", "понятно", "хорошо",
                    "ясно", "отлично", "супер", "ладно"));

    /** Words of thanks and praise. */
    private static final Set<String> THANKS_WORDS = Set.of("thanks", "thank", "thx", "ty", "tysm", "cheers",
            "appreciate", "appreciated", "great", "awesome", "amazing", "perfect", "helpful", "nice", "brilliant",
            "legend", "спасибо", "спс", "благодарю", "пасиб", "круто", "огонь", "класс", "супер", "отлично", "молодец",
            "топ", "кайф", "шикарно", "пушка", "норм", "годно", "збс", "ta", "спасибки", "спасибочки", "пасибо",
            "благодарочка", "мерси");
    /** Every word a small-talk message may consist of. */
    private static final Set<String> SMALL_WORDS = smallWords();
    /** Questions about what Barb can do or what data it has: answered as small talk, not as data. */
    private static final java.util.regex.Pattern CAPABILITIES = java.util.regex.Pattern.compile(
            "what (?:can|could) (?:you|u|ya|barb|i ask)(?: do| ask)?|what are you (?:able|capable)|what do you (?:know|do)|"
            + "what (?:kind of |kinda |sort of |sorta )?(?:questions|stuff|things) (?:can|do|could) (?:i|you|u)|"
            + "(?:что|чем) (?:же )?(?:ты |вы )?(?:вообще )?(?:умеешь|умеете|можешь|можете)(?! \\p{L}+ть \\p{L})|"
            + "(?:ты|вы) (?:что|чем) (?:же )?(?:вообще )?(?:умеешь|умеете|можешь|можете|полезен|полезны)|"
            + "чем (?:ты |вы )?полез\\p{L}*|how far back (?:does|do|is) (?:the |your )?data|"
            + "what data (?:do you|have you|is this)|since when (?:is|does) (?:the )?data|что (?:ты )?(?:умеешь|можешь)|"
            + "какие (?:данные|вопросы) (?:ты|можно|у тебя)|по каким данным|с какого года (?:история|данные)|"
            + "откуда (?:данные|цифры)|что ты вообще такое|who are you|кто ты|"
            // questions about Barb's data itself: its depth, its bars, how fresh it is
            + "(?:do|does|can) (?:you|u|barb|it) (?:have|use|count|compute|calculate|work (?:on|with)|do) (?:the )?"
            + "(?:\\p{L}+ )?(?:minute|1m|1 min|intraday|tick|hourly)|(?:ты |вы )?(?:считаешь|считаете|смотришь) по минутк\\p{L}*|"
            + "только дневк\\p{L}*|глубин\\p{L}* (?:истори\\p{L}*|данных)|how (?:much|far back|deep) (?:history|data|is the history)|"
            + "what (?:timeframes?|resolution|granularity) (?:do|does|is|are)|какие таймфреймы (?:есть|у тебя|доступны)|"
            + "до какой даты|up to (?:what|which) date|how (?:fresh|recent|up to date) is (?:the |your )?data|"
            + "(?:данные|история) (?:с|от) какого (?:года|числа)|с какого года (?:у тебя|есть|ведется)");

    private static Set<String> smallWords() {
        Set<String> words = new java.util.HashSet<>(THANKS_WORDS);
        PHRASES.values().forEach(phrases -> phrases.forEach(p -> words.addAll(List.of(p.split(" ")))));
        words.addAll(List.of("job", "work", "mate", "man", "bro", "buddy", "you", "u", "a", "lot", "very", "much",
                "so", "really", "that", "this", "it", "is", "was", "good", "well", "done", "lol", "haha", "ok", "okay",
                "очень", "большое", "бро", "ахах", "все", "всё", "понял", "ясно", "ну", "ладно", "это", "было", "ты",
                "вообще", "спасибки", "ага", "yep", "yes", "yeah", "да", "thanks!", "actually", "anyway", "then",
                "теперь", "вот", "всё-таки", "тогда"));
        return Set.copyOf(words);
    }

    private static final List<Kind> ORDER = List.of(Kind.CANCEL, Kind.GREETING, Kind.THANKS, Kind.BYE,
            Kind.HOW_ARE_YOU, Kind.OK);

    private SmallTalk() {
    }

    /** The kind of a whole message, or null when it is more than small talk. */
    public static Kind classify(String text) {
        // "hey Barb, good morning": addressing Barb by name is still small talk
        String s = TextNormalizer.normalize(text).replaceAll("(^| )(barb|барб)(?= |$)", " ").strip();
        if (s.isEmpty()) {
            return null;
        }
        for (Kind k : ORDER) {
            if (PHRASES.get(k).contains(s)) {
                return k;
            }
        }
        if (CAPABILITIES.matcher(s).find()) {
            return Kind.CAPABILITIES;
        }
        // "hi, how are you" or "thanks, bye": every part small talk
        String[] words = s.split(" ");
        // "ty, great job", "спасибо, круто", "cheers mate": only thanks, praise and greeting words
        if (words.length <= 8 && java.util.Arrays.stream(words).allMatch(SMALL_WORDS::contains)) {
            boolean thanks = java.util.Arrays.stream(words).anyMatch(THANKS_WORDS::contains);
            boolean greeting = java.util.Arrays.stream(words).anyMatch(w -> PHRASES.get(Kind.GREETING).contains(w));
            if (!thanks && saysAnyOf(s, Kind.CANCEL)) {
                return Kind.CANCEL;
            }
            if (!thanks && saysAnyOf(s, Kind.BYE)) {
                return Kind.BYE;
            }
            return thanks ? Kind.THANKS : greeting ? Kind.GREETING : Kind.OK;
        }
        // "спасибо, это ровно то, что нужно", "thanks, exactly what i needed", "бот ты топ": thanks or praise with
        // words around it that ask for no data
        if (words.length <= 12 && java.util.Arrays.stream(words).anyMatch(THANKS_WORDS::contains)
                && (asksNoData(text) || reaction(text, words))) {
            return Kind.THANKS;
        }
        // "спасибо, на сегодня хватит, до свидания", "доброй ночи, пошёл торговать", "nvm lol": a goodbye, or a
        // short cancellation, with words around it that ask for no data
        if (words.length <= 12 && saysAnyOf(s, Kind.BYE) && asksNoData(text)) {
            return Kind.BYE;
        }
        if (words.length <= 4 && saysAnyOf(s, Kind.CANCEL) && asksNoData(text)) {
            return Kind.CANCEL;
        }
        if (words.length <= 6) {
            for (Kind k : ORDER) {
                for (String p : PHRASES.get(k)) {
                    if (s.startsWith(p + " ") && classify(s.substring(p.length() + 1)) != null) {
                        return k;
                    }
                }
            }
        }
        return null;
    }

    private static final Set<String> REACTION_WORDS = Set.of("wow", "whoa", "damn", "insane", "crazy", "nuts", "wild",
            "ого", "вау", "жесть", "офигеть", "монстр", "дичь", "ничего", "обалдеть", "ужас", "мощно");

    /**
     * "ого первый час прям монстр, спасибки!!", "wow rth is wild, thanks": thanks with a reaction to the answer that
     * names what it was about; no question mark and nothing asked of the data.
     */
    private static boolean reaction(String text, String[] words) {
        if (text.contains("?") || java.util.Arrays.stream(words).noneMatch(REACTION_WORDS::contains)) {
            return false;
        }
        return QuestionReader.findings(text).stream().noneMatch(f -> Set.of("op", "agg", "freq", "rank", "howmuch",
                "when", "metric", "cond", "color", "dir").contains(f.kind()));
    }

    private static boolean saysAnyOf(String normalized, Kind kind) {
        String padded = " " + normalized + " ";
        return PHRASES.get(kind).stream().anyMatch(p -> padded.contains(" " + p + " "));
    }

    private static final java.util.regex.Pattern ASKING_VERB = java.util.regex.Pattern.compile(
            "(?<![\\p{L}])(?:сравни\\p{L}*|compare|покажи\\p{L}*|show|посчитай\\p{L}*|count|list)(?![\\p{L}])");

    /**
     * No data asked: nothing data-like was read, or only the name of an operation in a statement ("вот, теперь вижу
     * разницу. спасибо": a difference seen, not one asked for).
     */
    private static boolean asksNoData(String text) {
        List<Lexicon.Finding> found = QuestionReader.findings(text);
        if (!StepBuilder.isDataLike(found)) {
            return true;
        }
        // "thanks kid, youre sharper than half the clerks i ever had", "thanks, best bot ever": a compliment's "ever"
        // and "best" rank nothing when no measure, period or kind of day is named and nothing is asked
        if (!text.contains("?") && found.stream().allMatch(f -> Set.of("filler", "connector", "rank", "ndefault")
                .contains(f.kind()) || f.kind().equals("when") && f.value().equals("all"))) {
            return true;
        }
        // only "difference" or "vs" was read: showing or counting days ("спасибо, покажи дни") is still a request
        return !text.contains("?") && !ASKING_VERB.matcher(TextNormalizer.normalize(text)).find()
                && found.stream().allMatch(f -> f.kind().equals("op") && f.value().equals("compare")
                || Set.of("vs", "filler", "connector").contains(f.kind()));
    }

    /** The English for a small-talk message (the intent's internal_query of a Russian one). */
    static String english(Kind kind) {
        return switch (kind) {
            case GREETING -> "hello";
            case THANKS -> "thanks";
            case BYE -> "goodbye";
            case HOW_ARE_YOU -> "how are you";
            case CANCEL -> "never mind";
            case OK -> "ok";
            case CAPABILITIES -> "what can you do";
        };
    }
}
