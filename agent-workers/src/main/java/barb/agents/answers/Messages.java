package barb.agents.answers;

import com.ibm.icu.text.MessageFormat;
import com.ibm.icu.util.ULocale;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The texts of one language: {@code barb/agents/answers/answers_<lang>.properties}, ICU MessageFormat patterns
 * (plural, selectordinal and select for Russian cases and genders) formatted with named arguments. There is no
 * fallback from Russian to English: a key missing from one bundle fails loudly (BundlesTest keeps the two in
 * step) rather than answering a Russian chat in English.
 */
public final class Messages {
    private static final Map<String, Messages> LOADED = new ConcurrentHashMap<>();

    private final String lang;
    private final ULocale locale;
    private final Properties patterns;

    private Messages(String lang, Properties patterns) {
        this.lang = lang;
        this.locale = new ULocale(lang);
        this.patterns = patterns;
    }

    /** The bundle of a language ("ru", else English), loaded once. */
    public static Messages of(String lang) {
        String l = "ru".equals(lang) ? "ru" : "en";
        return LOADED.computeIfAbsent(l, Messages::load);
    }

    private static Messages load(String lang) {
        String path = "barb/agents/answers/answers_" + lang + ".properties";
        Properties p = new Properties();
        try (InputStream in = Messages.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing message bundle " + path);
            }
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read message bundle " + path, e);
        }
        return new Messages(lang, p);
    }

    public String lang() {
        return lang;
    }

    ULocale locale() {
        return locale;
    }

    /** The keys of the bundle, for the tests that keep the languages in step. */
    Set<String> keys() {
        return patterns.stringPropertyNames();
    }

    /** The raw pattern of a key, for the tests that check every pattern parses. */
    String pattern(String key) {
        return patterns.getProperty(key);
    }

    public boolean has(String key) {
        return patterns.containsKey(key);
    }

    /**
     * The text of {@code key} with its named arguments, given as name, value pairs. Fractional numbers are
     * rounded to two decimals first, the answers' one rounding rule, so a plural or {@code #} never shows more.
     */
    public String get(String key, Object... namedArgs) {
        if (namedArgs.length % 2 != 0) {
            throw new IllegalArgumentException(key + ": arguments come in name, value pairs");
        }
        Map<String, Object> args = new HashMap<>();
        for (int i = 0; i < namedArgs.length; i += 2) {
            args.put((String) namedArgs[i], rounded(namedArgs[i + 1]));
        }
        // a sentence that ends on an abbreviated word ("… 2024 г.") takes no second full stop
        return DOUBLE_STOP.matcher(format(key).format(args)).replaceAll("$1.");
    }

    private static final Pattern DOUBLE_STOP = Pattern.compile("(\\p{L})\\.\\.(?!\\.)");

    /** A new format per call: ICU's MessageFormat is not safe to share between threads, and parsing is cheap. */
    private MessageFormat format(String key) {
        String pattern = patterns.getProperty(key);
        if (pattern == null) {
            throw new IllegalArgumentException("no text '" + key + "' in the " + lang + " bundle");
        }
        return new MessageFormat(pattern, locale);
    }

    private static Object rounded(Object value) {
        if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return value;
            }
            return BigDecimal.valueOf(d).setScale(2, RoundingMode.HALF_UP).doubleValue();
        }
        return value == null ? "" : value;
    }
}
