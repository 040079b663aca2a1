package barb.launcher.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The variable names of the configuration table: the one under README.md's "## Configuration" heading when the
 * README has it, otherwise the table in docs/configuration.md.
 */
final class ConfigurationTable {
    private static final String README_HEADING = "## Configuration";
    private static final Pattern VARIABLE = Pattern.compile("[A-Z][A-Z0-9_]*");
    private static final Pattern SEPARATOR_ROW = Pattern.compile("\\|[\\s:|-]+");

    private ConfigurationTable() {
    }

    static Path source(Path root) throws IOException {
        Path readme = root.resolve("README.md");
        if (Files.isRegularFile(readme) && Files.readAllLines(readme).stream().anyMatch(l -> l.strip().equals(README_HEADING))) {
            return readme;
        }
        return root.resolve("docs/configuration.md");
    }

    static Set<String> variableNames(Path root) throws IOException {
        Path source = source(root);
        List<String> lines = Files.readAllLines(source);
        if (source.endsWith("README.md")) {
            lines = configurationSection(lines);
        }
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String trimmed = lines.get(i).strip();
            boolean isHeader = i + 1 < lines.size() && SEPARATOR_ROW.matcher(lines.get(i + 1).strip()).matches();
            if (!trimmed.startsWith("|") || isHeader) {
                continue;
            }
            String firstCell = trimmed.substring(1).split("\\|", -1)[0].strip().replace("`", "");
            if (VARIABLE.matcher(firstCell).matches()) {
                if (!names.add(firstCell)) {
                    throw new IllegalStateException(source + " lists " + firstCell + " twice");
                }
            }
        }
        return names;
    }

    private static List<String> configurationSection(List<String> lines) {
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals(README_HEADING)) {
                start = i + 1;
                break;
            }
        }
        int end = lines.size();
        for (int i = start; i < lines.size(); i++) {
            if (lines.get(i).startsWith("## ")) {
                end = i;
                break;
            }
        }
        return lines.subList(start, end);
    }
}
