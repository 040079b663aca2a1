package barb.launcher;

import barb.lag.GroupLag;
import barb.lag.LagSnapshot;
import barb.lag.LagStatus;
import barb.lag.PartitionLag;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code barb lag} as text: one line per group and partition with the columns of
 * {@code kafka-consumer-groups --describe}, plus the time lag and Burrow's status, and a line per group.
 */
final class LagTable {
    private static final List<String> COLUMNS = List.of("GROUP", "TOPIC", "PARTITION", "CURRENT-OFFSET",
            "LOG-END-OFFSET", "LAG", "TIME-LAG", "STATUS", "CLIENT-ID");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    private LagTable() {
    }

    /** @param laggingOnly list only the partitions with lag or a status other than OK (the groups all) */
    static String render(LagSnapshot snapshot, boolean laggingOnly) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(COLUMNS);
        for (GroupLag g : snapshot.groups()) {
            for (PartitionLag p : g.partitions()) {
                if (laggingOnly && p.lag() == 0 && p.status() == LagStatus.OK) {
                    continue;
                }
                rows.add(List.of(g.group(), p.topic(), Integer.toString(p.partition()),
                        p.currentOffset() == null ? "-" : Long.toString(p.currentOffset()),
                        Long.toString(p.logEndOffset()), Long.toString(p.lag()), duration(p.lagSeconds()),
                        p.status().name(), p.owner() == null ? "-" : p.owner()));
            }
        }
        StringBuilder sb = new StringBuilder();
        appendAligned(sb, rows);
        sb.append('\n');
        List<List<String>> groups = new ArrayList<>();
        groups.add(List.of("GROUP", "STATUS", "SUM-LAG", "MAX-LAG", "MAX-TIME-LAG", "MEMBERS", "STATE"));
        for (GroupLag g : snapshot.groups()) {
            groups.add(List.of(g.group(), g.status().name(), Long.toString(g.sumLag()), Long.toString(g.maxLag()),
                    duration(g.maxLagSeconds()), Integer.toString(g.members()), g.state()));
        }
        appendAligned(sb, groups);
        sb.append(String.format(Locale.ROOT, "%nread at %s in %d ms (%d AdminClient calls, %d record fetches)%n",
                TIME.format(snapshot.sampledAt()), snapshot.readMs(), snapshot.adminCalls(),
                snapshot.recordFetches()));
        return sb.toString();
    }

    /** 0s, 4.2s, 3m05s, 2h07m; "-" when unknown. */
    static String duration(Double seconds) {
        if (seconds == null) {
            return "-";
        }
        if (seconds < 60) {
            return seconds == Math.rint(seconds) ? String.format(Locale.ROOT, "%.0fs", seconds)
                    : String.format(Locale.ROOT, "%.1fs", seconds);
        }
        long s = Math.round(seconds);
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
    }

    private static void appendAligned(StringBuilder sb, List<List<String>> rows) {
        int[] width = new int[rows.getFirst().size()];
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
    }
}
