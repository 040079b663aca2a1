package barb.executor;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The session-filter cases of trading-agent-spec §15.3, ported to {@link Sessions}/{@link SessionSpec} of NQ.
 *
 * <p>Every case is checked twice: with {@link SessionSpec#contains(LocalTime)} and with the SQL the executor
 * really runs ({@link SessionSpec#sqlPredicate(String)} in DuckDB), so the two can never drift apart.
 */
class SessionAcceptanceTest {
    /** Fixture A: every half hour of one day, 00:00 … 23:30 (48 rows). */
    private static final List<LocalTime> HALF_HOURS = times(30);
    /** Fixture B: every full hour of one day, 00:00 … 23:00 (24 rows). */
    private static final List<LocalTime> HOURS = times(60);

    private static final Sessions SESSIONS = Instrument.nq().sessions();
    private static Connection duck;

    @BeforeAll
    static void openDuckDb() throws SQLException {
        duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement st = duck.createStatement()) {
            st.execute("CREATE TABLE half_hours AS SELECT TIMESTAMP '2024-01-02 00:00' + INTERVAL (30 * i) MINUTE AS ts "
                    + "FROM range(48) t(i)");
            st.execute("CREATE TABLE hours AS SELECT TIMESTAMP '2024-01-02 00:00' + INTERVAL (i) HOUR AS ts "
                    + "FROM range(24) t(i)");
        }
    }

    @AfterAll
    static void closeDuckDb() throws SQLException {
        duck.close();
    }

    private static List<LocalTime> times(int stepMinutes) {
        List<LocalTime> out = new ArrayList<>();
        for (int m = 0; m < 1440; m += stepMinutes) {
            out.add(LocalTime.of(m / 60, m % 60));
        }
        return out;
    }

    private static List<LocalTime> keep(String session, List<LocalTime> times) {
        SessionSpec spec = SESSIONS.get(session);
        return times.stream().filter(spec::contains).toList();
    }

    /** The same filter through the SQL predicate: the wall-clock times DuckDB keeps, in order. */
    private static List<LocalTime> keepInSql(String session, String table) throws SQLException {
        String sql = "SELECT CAST(ts AS TIME) FROM " + table + " WHERE " + SESSIONS.get(session).sqlPredicate("ts")
                + " ORDER BY ts";
        List<LocalTime> out = new ArrayList<>();
        try (Statement st = duck.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getObject(1, LocalTime.class));
            }
        }
        return out;
    }

    private static LocalTime[] t(String... times) {
        return Arrays.stream(times).map(LocalTime::parse).toArray(LocalTime[]::new);
    }

    /** Fixture A through one session, asserting the Java and SQL paths agree. */
    private static List<LocalTime> halfHoursIn(String session) throws SQLException {
        List<LocalTime> kept = keep(session, HALF_HOURS);
        assertThat(keepInSql(session, "half_hours")).as("SQL predicate of %s", session).isEqualTo(kept);
        return kept;
    }

    private static List<LocalTime> hoursIn(String session) throws SQLException {
        List<LocalTime> kept = keep(session, HOURS);
        assertThat(keepInSql(session, "hours")).as("SQL predicate of %s", session).isEqualTo(kept);
        return kept;
    }

    @Test
    void case1Rth() throws SQLException {
        // RTH is 09:30–17:00: the CME equity-index day session up to the halt, not the cash 16:00 close.
        assertThat(halfHoursIn("RTH")).contains(t("09:30", "10:00", "16:30")).doesNotContain(t("17:00", "09:00"));
    }

    @Test
    void case2Morning() throws SQLException {
        assertThat(halfHoursIn("MORNING")).contains(t("09:30", "12:00")).doesNotContain(t("12:30", "13:00"));
    }

    @Test
    void case3OvernightWrapsMidnight() throws SQLException {
        assertThat(halfHoursIn("OVERNIGHT")).contains(t("18:00", "23:00", "00:00", "09:00"))
                .doesNotContain(t("09:30", "12:00", "17:00"));
    }

    @Test
    void case4Asian() throws SQLException {
        assertThat(halfHoursIn("ASIAN")).contains(t("18:00", "23:00", "00:00", "02:30"))
                .doesNotContain(t("03:00", "09:00"));
    }

    @Test
    void case5EthIsEverythingButTheMaintenanceBreak() throws SQLException {
        assertThat(halfHoursIn("ETH")).contains(t("18:00", "00:00", "09:30", "16:30"))
                .doesNotContain(t("17:00", "17:30"))
                .hasSize(46);
    }

    @Test
    void case6European() throws SQLException {
        assertThat(halfHoursIn("EUROPEAN")).contains(t("03:00", "09:00")).doesNotContain(t("09:30", "02:30"));
    }

    @Test
    void case7UnknownSessionIsAnErrorNotAPassThrough() {
        // Deliberate change (docs/market-data.md): the predecessor returned the frame unchanged for an unknown
        // session, i.e. silently computed over all hours. Here the name is refused and the known ones are listed.
        assertThat(SESSIONS.find("UNKNOWN_SESSION")).isEmpty();
        assertThat(SESSIONS.contains("UNKNOWN_SESSION")).isFalse();
        assertThatThrownBy(() -> SESSIONS.get("UNKNOWN_SESSION"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("UNKNOWN_SESSION")
                .hasMessageContaining("RTH")
                .hasMessageContaining("OVERNIGHT");
        // Names are matched case-insensitively, so "rth" is not "unknown".
        assertThat(SESSIONS.get(" rth ")).isEqualTo(SESSIONS.get("RTH"));
    }

    @Test
    void case8NoUsableTimeColumnIsAnErrorNotAPassThrough() {
        // The predecessor left a frame without a `time` column unfiltered. Bars here always carry `ts`; the filter
        // refuses anything that is not a plain column instead of silently matching every row.
        SessionSpec rth = SESSIONS.get("RTH");
        assertThatThrownBy(() -> rth.sqlPredicate("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> rth.sqlPredicate(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> rth.sqlPredicate("ts; DROP TABLE bars")).isInstanceOf(IllegalArgumentException.class);
        assertThat(rth.sqlPredicate("b.ts")).isEqualTo("(CAST(b.ts AS TIME) >= TIME '09:30' AND CAST(b.ts AS TIME) < TIME '17:00')");
    }

    @Test
    void case9OvernightHours() throws SQLException {
        // 18:00–23:00 and 00:00–09:00.
        assertThat(hoursIn("OVERNIGHT")).hasSize(16)
                .containsExactly(t("00:00", "01:00", "02:00", "03:00", "04:00", "05:00", "06:00", "07:00", "08:00",
                        "09:00", "18:00", "19:00", "20:00", "21:00", "22:00", "23:00"));
    }

    @Test
    void case10RthHours() throws SQLException {
        // 10:00–16:00: the 09:00 bar opens before 09:30, 17:00 is the (exclusive) end.
        assertThat(hoursIn("RTH")).hasSize(7)
                .containsExactly(t("10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"));
    }

    @Test
    void case11AsianHours() throws SQLException {
        assertThat(hoursIn("ASIAN")).hasSize(9)
                .containsExactly(t("00:00", "01:00", "02:00", "18:00", "19:00", "20:00", "21:00", "22:00", "23:00")
                        );
    }

    @Test
    void sessionTableOfTheSpecMatchesTheInstrumentFile() {
        // §9.2: the nine predecessor sessions with their windows (ET, start inclusive, end exclusive).
        assertThat(window("RTH")).isEqualTo("09:30–17:00");
        assertThat(window("ETH")).isEqualTo("18:00–17:00");
        assertThat(window("OVERNIGHT")).isEqualTo("18:00–09:30");
        assertThat(window("ASIAN")).isEqualTo("18:00–03:00");
        assertThat(window("EUROPEAN")).isEqualTo("03:00–09:30");
        assertThat(window("MORNING")).isEqualTo("09:30–12:30");
        assertThat(window("AFTERNOON")).isEqualTo("12:30–17:00");
        assertThat(window("RTH_OPEN")).isEqualTo("09:30–10:30");
        assertThat(window("RTH_CLOSE")).isEqualTo("16:00–17:00");
        assertThat(SESSIONS.get("ETH").wrapsMidnight()).isTrue();
        assertThat(SESSIONS.get("ETH").minutes()).isEqualTo(23 * 60);
        assertThat(SESSIONS.get("EUROPEAN").wrapsMidnight()).isFalse();
        assertThat(Instrument.nq().defaultSession()).isEqualTo("RTH");
    }

    private static String window(String session) {
        return SESSIONS.get(session).window();
    }
}
