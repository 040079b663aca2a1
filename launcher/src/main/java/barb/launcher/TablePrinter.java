package barb.launcher;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/** Renders a result table as fixed-width text for the terminal. */
final class TablePrinter {
    static final int MAX_ROWS = 25;

    private TablePrinter() {
    }

    static String render(List<String> columns, JsonNode rows) {
        List<List<String>> cells = new ArrayList<>();
        int shown = Math.min(rows.size(), MAX_ROWS);
        for (int i = 0; i < shown; i++) {
            JsonNode row = rows.get(i);
            List<String> line = new ArrayList<>();
            for (String c : columns) {
                JsonNode v = row.get(c);
                line.add(v == null || v.isNull() ? "" : v.isTextual() ? v.asText() : v.toString());
            }
            cells.add(line);
        }
        int[] width = new int[columns.size()];
        for (int c = 0; c < columns.size(); c++) {
            width[c] = columns.get(c).length();
            for (List<String> line : cells) {
                width[c] = Math.max(width[c], line.get(c).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        appendLine(sb, columns, width);
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < columns.size(); c++) {
            if (c > 0) {
                rule.append("-+-");
            }
            rule.append("-".repeat(width[c]));
        }
        sb.append(rule).append('\n');
        for (List<String> line : cells) {
            appendLine(sb, line, width);
        }
        if (rows.size() > shown) {
            sb.append("… ").append(rows.size() - shown).append(" more rows\n");
        }
        return sb.toString();
    }

    private static void appendLine(StringBuilder sb, List<String> values, int[] width) {
        for (int c = 0; c < values.size(); c++) {
            if (c > 0) {
                sb.append(" | ");
            }
            String v = values.get(c);
            sb.append(v).append(" ".repeat(width[c] - v.length()));
        }
        int end = sb.length();
        while (end > 0 && sb.charAt(end - 1) == ' ') {
            end--;
        }
        sb.setLength(end);
        sb.append('\n');
    }
}
