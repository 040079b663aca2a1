package barb.launcher;

import barb.core.RequestEnvelope;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which requests of {@code barb.requests.v1} {@code barb replay} re-runs: named request ids, or every request of a
 * chat, of a user, or of a time window (the records' timestamps), or several of these at once (all must hold).
 *
 * @param requestIds the ids named, in the order given; empty when none were
 * @param chatId     only this chat's requests, or null
 * @param userId     only this user's requests, or null
 * @param from       only requests written at or after this instant, or null
 * @param to         only requests written before this instant, or null
 */
record ReplaySelection(List<String> requestIds, String chatId, String userId, Instant from, Instant to) {
    private static final Pattern AGO = Pattern.compile("(\\d{1,6})\\s*(m|min|h|d)(?:\\s*ago)?");

    ReplaySelection {
        requestIds = List.copyOf(requestIds);
    }

    /**
     * Checks the options as a user typed them. Times are ISO instants ({@code 2025-01-31T14:00:00Z}), date-times
     * with an offset, date-times or dates in UTC ({@code 2025-01-31}), or a time ago ({@code 30m}, {@code 2h},
     * {@code 1d}).
     *
     * @throws IllegalArgumentException with one sentence naming the option at fault
     */
    static ReplaySelection parse(List<String> requestOptions, String chat, String user, String from, String to,
                                 Instant now) {
        List<String> ids = requestIds(requestOptions == null ? List.of() : requestOptions);
        String chatId = chat == null ? null : uuid(chat, "--chat");
        String userId = user == null ? null : uuid(user, "--user");
        Instant fromTime = from == null ? null : time(from, "--from", now);
        Instant toTime = to == null ? null : time(to, "--to", now);
        if (ids.isEmpty() && chatId == null && userId == null && fromTime == null) {
            throw new IllegalArgumentException("say which requests to replay: --request ID, --chat ID, --user ID "
                    + "or --from TIME (nothing is replayed by default)");
        }
        if (fromTime != null && toTime != null && !fromTime.isBefore(toTime)) {
            throw new IllegalArgumentException("--from (" + fromTime + ") must be before --to (" + toTime + ")");
        }
        if (fromTime != null && fromTime.isAfter(now)) {
            throw new IllegalArgumentException("--from (" + fromTime + ") is in the future");
        }
        return new ReplaySelection(ids, chatId, userId, fromTime, toTime);
    }

    /** True when only named requests are wanted. */
    boolean byIdOnly() {
        return !requestIds.isEmpty() && chatId == null && userId == null;
    }

    /** Does a record of the requests topic, written at {@code timestampMs}, belong to the selection? */
    boolean matches(RequestEnvelope env, long timestampMs) {
        if (!requestIds.isEmpty() && !requestIds.contains(env.requestId())) {
            return false;
        }
        if (chatId != null && !chatId.equals(env.chatId())) {
            return false;
        }
        if (userId != null && !userId.equals(env.userId())) {
            return false;
        }
        if (from != null && timestampMs < from.toEpochMilli()) {
            return false;
        }
        return to == null || timestampMs < to.toEpochMilli();
    }

    /** Each --request may hold several ids separated by commas or spaces; duplicates count once. */
    private static List<String> requestIds(List<String> options) {
        Set<String> ids = new LinkedHashSet<>();
        for (String option : options) {
            for (String part : option.split("[,\\s]+")) {
                if (!part.isBlank()) {
                    ids.add(uuid(part, "--request"));
                }
            }
        }
        return new ArrayList<>(ids);
    }

    private static String uuid(String raw, String option) {
        String trimmed = raw.strip();
        try {
            UUID id = UUID.fromString(trimmed);
            // UUID.fromString accepts short forms like 1-2-3-4-5; Barb's ids are always written in full.
            if (!id.toString().equalsIgnoreCase(trimmed)) {
                throw new IllegalArgumentException();
            }
            return id.toString();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " must be a request, chat or user id (a UUID), got '"
                    + raw + "'");
        }
    }

    private static Instant time(String raw, String option, Instant now) {
        String s = raw.strip();
        Matcher ago = AGO.matcher(s.toLowerCase(Locale.ROOT));
        if (ago.matches()) {
            long n = Long.parseLong(ago.group(1));
            Duration d = switch (ago.group(2)) {
                case "m", "min" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
            return now.minus(d);
        }
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            // not an instant; the other forms follow
        }
        try {
            return OffsetDateTime.parse(s).toInstant();
        } catch (DateTimeParseException e) {
            // not with an offset
        }
        try {
            return LocalDateTime.parse(s).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            // not a date-time
        }
        try {
            return LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(option + " must be a time like 2025-01-31T14:00:00Z, 2025-01-31 "
                    + "(UTC) or 2h (ago), got '" + raw + "'");
        }
    }
}
