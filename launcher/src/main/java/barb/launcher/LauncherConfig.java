package barb.launcher;

import barb.core.Config;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * The launcher's configuration, from environment variables (README "Configuration" lists them all).
 *
 * @param kafkaBootstrap null → start an embedded broker
 * @param kafkaPort      the embedded broker's port (BARB_KAFKA_PORT): fixed, so workers started beside
 *                       {@code ./barb up} find it again after a restart; 0 picks a free one (tests)
 * @param pgUrl          null → start an embedded PostgreSQL
 */
record LauncherConfig(Path dataDir, LocalDate dataFrom, LocalDate dataTo, String kafkaBootstrap, int kafkaPort,
                      String pgUrl, int stageMaxInFlight) {

    static final int DEFAULT_KAFKA_PORT = 9092;

    static final LocalDate DEFAULT_FROM = LocalDate.of(2008, 1, 2);
    static final LocalDate DEFAULT_TO = LocalDate.of(2026, 1, 7);

    static LauncherConfig fromEnv(Map<String, String> env) {
        String home = Config.string(env, "BARB_HOME", ".");
        Path dataDir = Path.of(Config.string(env, "BARB_DATA_DIR", Path.of(home, "data").toString()))
                .toAbsolutePath().normalize();
        LocalDate from = date(env, "BARB_DATA_FROM", DEFAULT_FROM);
        LocalDate to = date(env, "BARB_DATA_TO", DEFAULT_TO);
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("BARB_DATA_FROM (" + from + ") must be before BARB_DATA_TO (" + to + ")");
        }
        return new LauncherConfig(dataDir, from, to, Config.string(env, "BARB_KAFKA_BOOTSTRAP", null),
                Config.intValue(env, "BARB_KAFKA_PORT", DEFAULT_KAFKA_PORT, 0, 65_535),
                Config.string(env, "BARB_PG_URL", null), Config.intValue(env, "BARB_STAGE_MAX_IN_FLIGHT", 64, 1, 10_000));
    }

    private static LocalDate date(Map<String, String> env, String name, LocalDate defaultValue) {
        String raw = Config.string(env, name, null);
        if (raw == null) {
            return defaultValue;
        }
        try {
            return LocalDate.parse(raw);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(name + " must be a date like 2024-01-31, got '" + raw + "'");
        }
    }

    Path duckdbFile() {
        return dataDir.resolve("market.duckdb");
    }
}
