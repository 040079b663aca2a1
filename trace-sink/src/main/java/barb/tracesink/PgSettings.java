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
 * BARB_PG_PASSWORD (empty), BARB_PG_POOL_SIZE (8), BARB_PG_ROLE (barb_service; empty = act as the login).
 */
public record PgSettings(String url, String user, String password, int poolSize, String role) {
    /** The role Barb's services act as (sql/V3): it owns nothing, so it can neither change the schema nor skip RLS. */
    public static final String SERVICE_ROLE = "barb_service";

    public PgSettings {
        if (url == null || !url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("PostgreSQL URL must start with jdbc:postgresql:, got '" + url + "'");
        }
        if (poolSize < 1) {
            throw new IllegalArgumentException("pool size must be at least 1, got " + poolSize);
        }
        user = user == null ? "postgres" : user;
        password = password == null ? "" : password;
        if (role != null && !role.matches("[a-z_][a-z0-9_]{0,62}")) {
            throw new IllegalArgumentException("BARB_PG_ROLE must be a plain role name (a-z, 0-9, _), got '" + role + "'");
        }
    }

    public PgSettings(String url, String user, String password, int poolSize) {
        this(url, user, password, poolSize, null);
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
        String role = env.containsKey("BARB_PG_ROLE") ? env.get("BARB_PG_ROLE").trim() : SERVICE_ROLE;
        role = role.isEmpty() ? null : role;
        String envUser = Config.string(env, "BARB_PG_USER", null);
        String envPassword = env.get("BARB_PG_PASSWORD");
        raw = raw.trim();
        if (raw.startsWith("jdbc:postgresql:")) {
            return new PgSettings(raw, envUser == null ? "postgres" : envUser, envPassword, poolSize, role);
        }
        if (raw.startsWith("postgres://") || raw.startsWith("postgresql://")) {
            return fromUri(raw, envUser, envPassword, poolSize).withRole(role);
        }
        throw new IllegalArgumentException(
                "BARB_PG_URL must be a jdbc:postgresql:// URL or a postgres:// URI, got '" + raw + "'");
    }

    public static PgSettings of(String jdbcUrl, String user, String password) {
        return new PgSettings(jdbcUrl, user, password, 8);
    }

    public PgSettings withRole(String newRole) {
        return new PgSettings(url, user, password, poolSize, newRole);
    }

    /**
     * The services' pool: every connection acts as {@link #role()} ({@code set role}), as Supabase's API does for
     * its users, so a running service has the role's rights and not the login's. Does not fail when the database is
     * down at start: the first use reports it instead.
     */
    public HikariDataSource dataSource() {
        HikariConfig c = config("barb-pg", poolSize);
        if (role != null) {
            c.setConnectionInitSql("set role " + role);
        }
        return new HikariDataSource(c);
    }

    /** A small pool of the login itself, for the schema migrations, which need the tables' owner. */
    public HikariDataSource adminDataSource() {
        return new HikariDataSource(config("barb-pg-admin", 2));
    }

    private HikariConfig config(String name, int size) {
        HikariConfig c = new HikariConfig();
        c.setJdbcUrl(url);
        c.setUsername(user);
        c.setPassword(password);
        c.setMaximumPoolSize(size);
        c.setPoolName(name);
        c.setConnectionTimeout(10_000);
        c.setInitializationFailTimeout(-1);
        return c;
    }

    /** Never prints the password. */
    @Override
    public String toString() {
        return "PgSettings[url=" + url + ", user=" + user + ", poolSize=" + poolSize + ", role=" + role + "]";
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
