package barb.tracesink;

import barb.core.Config;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;

/**
 * How Barb reaches PostgreSQL. Environment: BARB_PG_URL (required unless the launcher passes the embedded
 * database's URL; a JDBC URL or a postgres:// URI as Supabase shows it), BARB_PG_USER (postgres),
 * BARB_PG_PASSWORD (empty), BARB_PG_POOL_SIZE (8).
 */
public record PgSettings(String url, String user, String password, int poolSize) {

    public PgSettings {
        if (url == null || !url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("PostgreSQL URL must start with jdbc:postgresql:, got '" + url + "'");
        }
        if (poolSize < 1) {
            throw new IllegalArgumentException("pool size must be at least 1, got " + poolSize);
        }
        user = user == null ? "postgres" : user;
        password = password == null ? "" : password;
    }

    /**
     * @param urlOverride the embedded database's URL, or null to read BARB_PG_URL
     */
    public static PgSettings fromEnv(Map<String, String> env, String urlOverride) {
        String raw = urlOverride != null ? urlOverride : env.get("BARB_PG_URL");
        if (raw == null || raw.isBlank()) {
            throw new IllegalArgumentException("BARB_PG_URL is not set");
        }
        int poolSize = Config.intValue(env, "BARB_PG_POOL_SIZE", 8, 1, 500);
        String envUser = Config.string(env, "BARB_PG_USER", null);
        String envPassword = env.get("BARB_PG_PASSWORD");
        raw = raw.trim();
        if (raw.startsWith("jdbc:postgresql:")) {
            return new PgSettings(raw, envUser == null ? "postgres" : envUser, envPassword, poolSize);
        }
        if (raw.startsWith("postgres://") || raw.startsWith("postgresql://")) {
            return fromUri(raw, envUser, envPassword, poolSize);
        }
        throw new IllegalArgumentException(
                "BARB_PG_URL must be a jdbc:postgresql:// URL or a postgres:// URI, got '" + raw + "'");
    }

    public static PgSettings of(String jdbcUrl, String user, String password) {
        return new PgSettings(jdbcUrl, user, password, 8);
    }

    /** A pool that does not fail when the database is down at start: the first use reports it instead. */
    public HikariDataSource dataSource() {
        HikariConfig c = new HikariConfig();
        c.setJdbcUrl(url);
        c.setUsername(user);
        c.setPassword(password);
        c.setMaximumPoolSize(poolSize);
        c.setPoolName("barb-pg");
        c.setConnectionTimeout(10_000);
        c.setInitializationFailTimeout(-1);
        return new HikariDataSource(c);
    }

    /** Never prints the password. */
    @Override
    public String toString() {
        return "PgSettings[url=" + url + ", user=" + user + ", poolSize=" + poolSize + "]";
    }

    /** Credentials in the URI are used unless BARB_PG_USER / BARB_PG_PASSWORD say otherwise. */
    private static PgSettings fromUri(String raw, String envUser, String envPassword, int poolSize) {
        URI uri;
        try {
            uri = new URI(raw);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("BARB_PG_URL is not a valid URI: " + e.getMessage());
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("BARB_PG_URL has no host: '" + raw + "'");
        }
        String uriUser = null;
        String uriPassword = null;
        if (uri.getUserInfo() != null) {
            String[] parts = uri.getUserInfo().split(":", 2);
            uriUser = parts[0];
            uriPassword = parts.length > 1 ? parts[1] : null;
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/postgres" : uri.getRawPath();
        String jdbc = "jdbc:postgresql://" + uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "") + path
                + (uri.getRawQuery() != null ? "?" + uri.getRawQuery() : "");
        String user = envUser != null ? envUser : uriUser;
        String password = envPassword != null && !envPassword.isEmpty() ? envPassword : uriPassword;
        return new PgSettings(jdbc, user, password, poolSize);
    }
}
