package barb.tracesink;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PgSettingsTest {

    @Test
    void defaultsApplyWhenOnlyTheUrlIsGiven() {
        PgSettings s = PgSettings.fromEnv(Map.of("BARB_PG_URL", "jdbc:postgresql://db:5432/barb"), null);
        assertThat(s).isEqualTo(new PgSettings("jdbc:postgresql://db:5432/barb", "postgres", "", 8, "barb_service"));
    }

    @Test
    void overrideWinsOverTheEnvironment() {
        PgSettings s = PgSettings.fromEnv(Map.of("BARB_PG_URL", "jdbc:postgresql://db/x", "BARB_PG_USER", "barb",
                "BARB_PG_PASSWORD", "secret", "BARB_PG_POOL_SIZE", "3"), "jdbc:postgresql://127.0.0.1:5555/postgres");
        assertThat(s).isEqualTo(new PgSettings("jdbc:postgresql://127.0.0.1:5555/postgres", "barb", "secret", 3,
                "barb_service"));
        assertThat(s.toString()).doesNotContain("secret");
    }

    @Test
    void supabaseStyleUriIsTurnedIntoAJdbcUrl() {
        PgSettings s = PgSettings.fromEnv(Map.of("BARB_PG_URL",
                "postgresql://postgres.abc:p%40ss@aws-0-eu.pooler.supabase.com:6543/postgres?sslmode=require"), null);
        assertThat(s.url()).isEqualTo("jdbc:postgresql://aws-0-eu.pooler.supabase.com:6543/postgres?sslmode=require");
        assertThat(s.user()).isEqualTo("postgres.abc");
        assertThat(s.password()).isEqualTo("p@ss");
        assertThat(s.role()).isEqualTo("barb_service");
    }

    @Test
    void theServicesActAsBarbServiceUnlessTheRoleIsSetEmpty() {
        assertThat(PgSettings.fromEnv(Map.of("BARB_PG_URL", "jdbc:postgresql://db/x", "BARB_PG_ROLE", ""), null).role())
                .isNull();
        assertThat(PgSettings.fromEnv(Map.of("BARB_PG_URL", "jdbc:postgresql://db/x", "BARB_PG_ROLE", "app_rw"), null)
                .role()).isEqualTo("app_rw");
        assertThatThrownBy(() -> PgSettings.fromEnv(Map.of("BARB_PG_URL", "jdbc:postgresql://db/x",
                "BARB_PG_ROLE", "x; drop table chat_logs"), null)).hasMessageContaining("BARB_PG_ROLE");
    }

    @Test
    void missingOrBadValuesNameTheVariable() {
        assertThatThrownBy(() -> PgSettings.fromEnv(Map.of(), null)).hasMessageContaining("BARB_PG_URL");
        assertThatThrownBy(() -> PgSettings.fromEnv(Map.of("BARB_PG_URL", "mysql://x"), null))
                .hasMessageContaining("BARB_PG_URL");
        assertThatThrownBy(() -> PgSettings.fromEnv(Map.of("BARB_PG_URL", "jdbc:postgresql://x/y",
                "BARB_PG_POOL_SIZE", "zero"), null)).hasMessageContaining("BARB_PG_POOL_SIZE");
    }
}
