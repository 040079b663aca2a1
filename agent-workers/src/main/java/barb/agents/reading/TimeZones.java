package barb.agents.reading;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Clock times in another time zone than New York's, where every time in Barb's data is. Chicago and US Pacific time
 * keep a fixed distance to New York all year (they change clocks on the same days), so "8:30-9:30 ct" is read as
 * 09:30-10:30; any other zone ("по мск", "london time", "по нашему времени") moves against New York twice a year, so
 * the reader asks instead of guessing. Pure.
 */
final class TimeZones {
    /**
     * A US zone abbreviation or its first word right after a clock time or a window of hours ("8:30 ct", "9am pt",
     * "11-1 ct", "9 to 9:30 central"; "20 pt" is points), or its long name
     * anywhere: hours to add for New York.
     */
    private static final Pattern US_ZONE = Pattern.compile("(?<=\\d:\\d\\d|am|pm|a\\.m\\.|p\\.m\\.|\\d ?[-–] ?\\d{1,2})\\s*(ct|cst|cdt|pt|pst|pdt|central(?! time)|pacific(?! time))"
            + "(?![\\p{L}])|(?<![\\p{L}])(central time|chicago time|по чикаго|чикагскому времени|по чикагскому|pacific time)"
            + "(?![\\p{L}])");
    /**
     * A window of hours said in the named zone where a side has no minutes ("2 to 3 central time", "8:30-9 pacific
     * time").
     */
    private static final Pattern BARE_WINDOW = Pattern.compile("(?<![\\d:.])(\\d{1,2})(?::(\\d\\d))?( ?(?:to|till|until|-|до) ?)"
            + "(\\d{1,2})(?::(\\d\\d))?(?![\\d:.%]| ?(?:am|pm|a\\.m|p\\.m|pts|points|x|days?|%|h|hrs?|hours?|час\\p{L}*|дн\\p{L}*)(?![\\p{L}]))");
    /** Zones whose distance to New York changes during the year, and "my / our / local time". */
    static final Pattern OTHER_ZONE = Pattern.compile("(?<![\\p{L}])(utc|gmt|cet|cest|bst|eet|ist|jst|aest|sgt|hkt|kst|"
            + "aedt|awst|nzst|nzdt|wib|ict|pht|gst|sast|brt|"
            + "(?:london|uk|british|europe|european|paris|frankfurt|berlin|madrid|zurich|dubai|tokyo|sydney|singapore|"
            + "hong kong|india|moscow|kyiv|kiev|warsaw|cyprus|tel aviv|israel) time|"
            // "по новосибирску", "по екатеринбургскому времени": a city's or country's own clock
            + "по (?:новосибирску|екатеринбургу|екб|питеру|спб|минску|алмат\\p{L}*|лондону|европе|токио|дубаю|"
            + "владивостоку|красноярску|омску|самаре|казани|тбилиси|ташкенту|варшаве|кипру|израилю)|"
            + "(?<![\\p{L}-])(?!нью|йоркскому|чикагскому|американскому|восточному|биржевому)\\p{L}+(?:ому|ему) времени|"
            // "по моему" alone is "in my opinion"
            + "мск|по мск|по москве|по московскому(?: времени)?|московскому времени|по нашему времени|"
            + "по моему времени|по местному(?: времени)?|местному времени|по (?:его|её|ее|их|своему) времени|(?<=\\d:\\d\\d |am |pm |\\d )(?:local|my|our) time|"
            + "нск|по нск|"
            + "по киеву|по киевскому(?: времени)?|киевскому времени)(?![\\p{L}])");
    /** "between 9 and 10am ct", "11 to 1pm pt": a bare first hour of a window whose second hour has am or pm. */
    private static final Pattern HALF_AFTER = Pattern.compile("(?<![\\d:.])(\\d{1,2})(:\\d\\d)?"
            + "( ?(?:to|till|until|-|–|до|and|и) ?)(\\d{1,2})(:\\d\\d)? ?(am|pm)(?![\\p{L}])");
    private static final Pattern CLOCK = Pattern.compile("(?<![\\d:.])(\\d{1,2})(?::(\\d{2}))?\\s*(am|pm|a\\.m\\.|p\\.m\\.)?"
            + "(?=\\s|$|[-–,.)?])");

    private TimeZones() {
    }

    /**
     * A bare hour of the zone as a clock time: the morning's or the afternoon's, whichever falls in New York's
     * trading day (07:00–17:00 there), the morning's when both do ("2 to 3 central time" is 14:00, "6 to 7 pacific
     * time" 6:00).
     */
    private static String clockOf(String hour, String minute, int shift) {
        int h = Integer.parseInt(hour);
        if (minute != null || h == 0 || h > 12) {
            return h + ":" + (minute == null ? "00" : minute);
        }
        int morning = h % 12;
        boolean morningTrades = morning + shift >= 7 && morning + shift <= 17;
        return (morningTrades ? morning : morning + 12) + ":00";
    }

    /** The text with Chicago or Pacific clock times written as New York's, the zone word dropped. */
    static String toNewYork(String text) {
        Matcher zone = US_ZONE.matcher(text);
        if (!zone.find()) {
            return text;
        }
        String name = zone.group(1) != null ? zone.group(1) : zone.group(2);
        int shift = name.startsWith("p") ? 3 : 1;
        // (the city's name alone after a clock, "2 to 3 chicago", "our time (chicago)", is not read as the zone: with
        // it, questions of an unread set that were asked back became wrong answers, BENCHMARKS.md twelfth round)
        String without = US_ZONE.matcher(text).replaceAll("");
        without = BARE_WINDOW.matcher(without).replaceAll(m -> m.group(2) != null && m.group(5) != null ? m.group()
                : clockOf(m.group(1), m.group(2), shift) + m.group(3) + clockOf(m.group(4), m.group(5), shift));
        // the first hour takes the second's half of the day, the other half when it would come after it
        without = HALF_AFTER.matcher(without).replaceAll(m -> {
            int first = Integer.parseInt(m.group(1)) % 12;
            int second = Integer.parseInt(m.group(4)) % 12;
            String half = first > second ? (m.group(6).equals("am") ? "pm" : "am") : m.group(6);
            return Matcher.quoteReplacement(m.group(1) + (m.group(2) == null ? "" : m.group(2)) + half + m.group(3)
                    + m.group(4) + (m.group(5) == null ? "" : m.group(5)) + m.group(6));
        });
        Matcher clock = CLOCK.matcher(without);
        StringBuilder out = new StringBuilder();
        while (clock.find()) {
            // a bare number is a clock only with am/pm; "8:30" always is
            if (clock.group(2) == null && clock.group(3) == null) {
                clock.appendReplacement(out, Matcher.quoteReplacement(clock.group()));
                continue;
            }
            int hour = Integer.parseInt(clock.group(1));
            int minute = clock.group(2) == null ? 0 : Integer.parseInt(clock.group(2));
            String half = clock.group(3);
            if (hour > 23 || minute > 59) {
                clock.appendReplacement(out, Matcher.quoteReplacement(clock.group()));
                continue;
            }
            if (half != null && half.startsWith("p") && hour < 12) {
                hour += 12;
            } else if (half != null && half.startsWith("a") && hour == 12) {
                hour = 0;
            }
            hour = (hour + shift) % 24;
            clock.appendReplacement(out, String.format(Locale.ROOT, "%d:%02d", hour, minute));
        }
        clock.appendTail(out);
        return out.toString().replaceAll(" {2,}", " ").strip();
    }
}
