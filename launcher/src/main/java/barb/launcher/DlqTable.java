package barb.launcher;

import barb.dlq.DeadLetter;

import java.util.ArrayList;
import java.util.List;

/** {@code barb dlq list} as text: one aligned line per dead letter. */
final class DlqTable {
    private static final List<String> COLUMNS = List.of("OFFSET", "STAGE", "REASON", "REQUEST", "AGE", "ATTEMPTS",
            "STATE", "MESSAGE");
    private static final int MESSAGE_WIDTH = 60;

    private DlqTable() {
    }

    static String render(List<DeadLetter> letters, long nowMs) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(COLUMNS);
        for (DeadLetter d : letters) {
            String request = d.requestId() == null ? "-" : d.requestId();
            rows.add(List.of(Long.toString(d.offset()), d.stage(), d.reason(), request,
                    LagTable.duration(d.ageMs(nowMs) / 1000.0), d.attempts() + "/" + d.maxAttempts(),
                    state(d), shorten(d.message())));
        }
        StringBuilder sb = new StringBuilder();
        int[] width = new int[COLUMNS.size()];
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.size(); c++) {
                if (c > 0) {
                    line.append("  ");
                }
                line.append(row.get(c)).append(" ".repeat(width[c] - row.get(c).length()));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    /** PARKED says why nothing will re-drive it; REDRIVEN says where it went; DISCARDED by whom and why. */
    static String state(DeadLetter d) {
        return switch (d.state()) {
            case WAITING -> "waiting";
            case PARKED -> "PARKED (attempts used up)";
            case REDRIVEN -> "redriven to " + d.redrivenTo();
            case DISCARDED -> "discarded by " + d.discarded().by() + ": " + shorten(d.discarded().reason());
        };
    }

    private static String shorten(String message) {
        if (message == null) {
            return "-";
        }
        String oneLine = message.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= MESSAGE_WIDTH ? oneLine : oneLine.substring(0, MESSAGE_WIDTH - 1) + "…";
    }
}
