package barb.tracesink;

import barb.core.ChatState;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The policies in sql/ exercised the way Supabase runs them: a connection that takes the {@code authenticated}
 * role and sets {@code request.jwt.claims}. The services write through a login in {@code barb_service}, which owns
 * nothing, so the writer is also proven to need no more than V3 grants.
 */
class RowLevelSecurityTest {
    private static final String SERVICE_LOGIN = "barb_rls_test_service";

    private static HikariDataSource owner;
    private static HikariDataSource service;
    private static Requests.Request alices;
    private static Requests.Request bobs;
    private static String alice;
    private static String bob;

    @BeforeAll
    static void setUp() throws SQLException {
        owner = TestDatabases.fresh("rls");
        Migrations.apply(owner);
        try (Connection c = owner.getConnection(); Statement st = c.createStatement()) {
            st.execute("do $$ begin if not exists (select 1 from pg_roles where rolname = '" + SERVICE_LOGIN
                    + "') then create role " + SERVICE_LOGIN + " login password 'test' in role barb_service; end if; end $$");
        }
        String url = owner.getJdbcUrl();
        service = new PgSettings(url, SERVICE_LOGIN, "test", 2).dataSource();
        alice = Requests.id();
        bob = Requests.id();
        String aliceChat = Requests.id();
        String bobChat = Requests.id();
        alices = Requests.dataRequest(aliceChat, alice, ChatState.fresh(aliceChat, alice), "alice asks", "Alice's",
                System.currentTimeMillis());
        bobs = Requests.dataRequest(bobChat, bob, ChatState.fresh(bobChat, bob), "bob asks", "Bob's",
                System.currentTimeMillis());
        TraceBatchWriter writer = new TraceBatchWriter(service);
        assertThat(writer.write(alices.events()).rejected()).isEmpty();
        assertThat(writer.write(bobs.events()).rejected()).isEmpty();
    }

    @AfterAll
    static void tearDown() {
        if (service != null) {
            service.close();
        }
        if (owner != null) {
            owner.close();
        }
    }

    @Test
    void theServiceLoginWritesEverythingThroughItsOwnGrants() throws SQLException {
        try (Connection c = service.getConnection()) {
            assertThat(count(c, "select count(*) from public.chat_logs where user_id in (?::uuid, ?::uuid)",
                    alice, bob)).isEqualTo(2);
            assertThat(count(c, "select count(*) from public.request_traces where user_id = ?::uuid", alice))
                    .isEqualTo(6);
            assertThat(count(c, "select (stats->>'message_count')::int from public.chat_sessions where user_id = ?::uuid",
                    alice)).isEqualTo(1);
            // It owns nothing: no deleting, no switching the policies off.
            assertThatThrownBy(() -> exec(c, "delete from public.chat_logs")).hasMessageContaining("permission denied");
            assertThatThrownBy(() -> exec(c, "alter table public.chat_logs disable row level security"))
                    .hasMessageContaining("must be owner");
        }
    }

    @Test
    void theServicesPoolOfTheOwnersLoginActsAsBarbServiceAndCannotChangeTheSchema() throws SQLException {
        PgSettings ownerLogin = new PgSettings(owner.getJdbcUrl(), owner.getUsername(), owner.getPassword(), 2,
                PgSettings.SERVICE_ROLE);
        try (HikariDataSource services = ownerLogin.dataSource(); Connection c = services.getConnection()) {
            assertThat(count(c, "select count(*) from public.chat_logs where user_id = ?::uuid", alice)).isEqualTo(1);
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("select current_user")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("barb_service");
            }
            assertThatThrownBy(() -> exec(c, "delete from public.chat_logs")).hasMessageContaining("permission denied");
            assertThatThrownBy(() -> exec(c, "drop table public.request_traces")).hasMessageContaining("must be owner");
        }
        // the migrations' pool is the login itself
        try (HikariDataSource admin = ownerLogin.adminDataSource(); Connection c = admin.getConnection();
             Statement st = c.createStatement(); ResultSet rs = st.executeQuery("select current_user")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo(owner.getUsername());
        }
    }

    @Test
    void aUserSeesOnlyTheirOwnRows() throws SQLException {
        asUser(alice, c -> {
            assertThat(count(c, "select count(*) from public.chat_sessions")).isEqualTo(1);
            assertThat(count(c, "select count(*) from public.chat_sessions where user_id = ?::uuid", bob)).isZero();
            assertThat(count(c, "select count(*) from public.chat_logs")).isEqualTo(1);
            assertThat(count(c, "select count(*) from public.chat_logs where request_id = ?::uuid",
                    bobs.requestId())).isZero();
            assertThat(count(c, "select count(*) from public.request_traces")).isEqualTo(6);
            assertThat(count(c, "select count(*) from public.request_traces where user_id = ?::uuid", bob)).isZero();
            assertThat(text(c, "select auth.uid()::text")).isEqualTo(alice);
        });
    }

    @Test
    void aUserCannotChangeOrDeleteAnotherUsersRows() throws SQLException {
        asUser(alice, c -> {
            assertThat(update(c, "update public.chat_sessions set title = 'mine now' where user_id = ?::uuid", bob))
                    .isZero();
            assertThat(update(c, "update public.chat_sessions set status = 'deleted' where user_id = ?::uuid", bob))
                    .isZero();
            // Her own chat she may rename, but not its owner, stats or memory.
            assertThat(update(c, "update public.chat_sessions set title = 'renamed' where user_id = ?::uuid", alice))
                    .isEqualTo(1);
            assertThatThrownBy(() -> update(c, "update public.chat_sessions set user_id = ?::uuid", bob))
                    .hasMessageContaining("permission denied");
            assertThatThrownBy(() -> update(c, "delete from public.chat_sessions where user_id = ?::uuid", bob))
                    .hasMessageContaining("permission denied");
            assertThatThrownBy(() -> update(c, "delete from public.chat_logs where user_id = ?::uuid", bob))
                    .hasMessageContaining("permission denied");
            assertThatThrownBy(() -> update(c, "update public.request_traces set output_data = null"
                    + " where user_id = ?::uuid", bob)).hasMessageContaining("permission denied");
            assertThatThrownBy(() -> update(c, "insert into public.chat_logs (user_id, question) values (?::uuid, 'x')",
                    bob)).hasMessageContaining("permission denied");
            assertThatThrownBy(() -> update(c, "select public.increment_chat_stats(id) from public.chat_sessions"
                    + " where user_id = ?::uuid", alice)).hasMessageContaining("permission denied");
        });
        try (Connection c = owner.getConnection()) {
            assertThat(text(c, "select title from public.chat_sessions where user_id = ?::uuid", bob))
                    .isEqualTo("Bob's");
            assertThat(count(c, "select (stats->>'message_count')::int from public.chat_sessions where user_id = ?::uuid",
                    bob)).isEqualTo(1);
        }
    }

    @Test
    void withoutClaimsARoleIsNobodyNotTheService() throws SQLException {
        try (Connection c = owner.getConnection(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("set local role authenticated");
            assertThat(text(c, "select auth.role()")).isNull();
            assertThat(text(c, "select auth.uid()::text")).isNull();
            assertThat(count(c, "select count(*) from public.chat_sessions")).isZero();
            // A claimed service role is not the service either: the users' role has no service grants.
            st.execute("select set_config('request.jwt.claims', '{\"role\": \"service_role\"}', true)");
            assertThatThrownBy(() -> update(c, "delete from public.chat_logs where user_id = ?::uuid", bob))
                    .hasMessageContaining("permission denied");
            c.rollback();
        }
        try (Connection c = owner.getConnection(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("set local role anon");
            assertThatThrownBy(() -> count(c, "select count(*) from public.chat_sessions"))
                    .hasMessageContaining("permission denied");
            c.rollback();
        }
    }

    @Test
    void theOwnerDoesNotBypassThePolicies() throws SQLException {
        try (Connection c = owner.getConnection()) {
            assertThat(count(c, "select count(*) from pg_class where relname in ('chat_sessions', 'chat_logs',"
                    + " 'request_traces') and relrowsecurity and relforcerowsecurity")).isEqualTo(3);
        }
    }

    /** Work done on one connection. */
    private interface Work {
        void run(Connection c) throws SQLException;
    }

    /**
     * Runs {@code work} on a connection as Supabase's API makes it for a signed-in user: role authenticated, the
     * JWT's claims set. The pooled connection goes back with both reset.
     */
    private static void asUser(String userId, Work work) throws SQLException {
        try (Connection c = owner.getConnection()) {
            try (Statement st = c.createStatement()) {
                st.execute("set role authenticated");
            }
            try (PreparedStatement ps = c.prepareStatement("select set_config('request.jwt.claims', ?, false)")) {
                ps.setString(1, "{\"sub\": \"" + userId + "\", \"role\": \"authenticated\"}");
                ps.execute();
            }
            try {
                work.run(c);
            } finally {
                try (Statement st = c.createStatement()) {
                    st.execute("reset role");
                    st.execute("reset request.jwt.claims");
                }
            }
        }
    }

    private static long count(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = prepare(c, sql, params); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String text(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = prepare(c, sql, params); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static int update(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = prepare(c, sql, params)) {
            if (ps.execute()) {
                return -1;
            }
            return ps.getUpdateCount();
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... params) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        for (int i = 0; i < params.length; i++) {
            ps.setObject(i + 1, params[i]);
        }
        return ps;
    }
}
