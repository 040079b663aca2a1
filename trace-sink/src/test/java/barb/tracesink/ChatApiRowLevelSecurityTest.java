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
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What sql/V4 lets users do to the chat tables, exercised as Supabase runs it (role {@code authenticated}, the JWT's
 * claims set): create, rename and soft-delete their own chats and vote on their own answers, and nothing of the kind
 * on another user's rows. The gateway does the same through the service login, which V4 must not have narrowed.
 */
class ChatApiRowLevelSecurityTest {
    private static final String SERVICE_LOGIN = "barb_chat_api_test_service";

    private static HikariDataSource owner;
    private static HikariDataSource service;
    private static Requests.Request alices;
    private static Requests.Request bobs;
    private static String alice;
    private static String bob;
    private static String aliceChat;
    private static String bobChat;

    @BeforeAll
    static void setUp() throws SQLException {
        owner = TestDatabases.fresh("chat_api_rls");
        Migrations.apply(owner);
        try (Connection c = owner.getConnection(); Statement st = c.createStatement()) {
            st.execute("do $$ begin if not exists (select 1 from pg_roles where rolname = '" + SERVICE_LOGIN
                    + "') then create role " + SERVICE_LOGIN + " login password 'test' in role barb_service; end if; end $$");
        }
        service = new PgSettings(owner.getJdbcUrl(), SERVICE_LOGIN, "test", 2).dataSource();
        alice = Requests.id();
        bob = Requests.id();
        aliceChat = Requests.id();
        bobChat = Requests.id();
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
    void aUserCreatesChatsOnlyForThemselves() throws SQLException {
        String mine = UUID.randomUUID().toString();
        asUser(alice, c -> {
            assertThat(update(c, "insert into public.chat_sessions (id, user_id, title) values (?::uuid, ?::uuid, 'new')",
                    mine, alice)).isEqualTo(1);
            assertThatThrownBy(() -> update(c, "insert into public.chat_sessions (id, user_id, title)"
                    + " values (gen_random_uuid(), ?::uuid, 'for bob')", bob))
                    .hasMessageContaining("row-level security");
            // Only the columns a new chat needs: no stats or memory of her own making.
            assertThatThrownBy(() -> update(c, "insert into public.chat_sessions (id, user_id, stats)"
                    + " values (gen_random_uuid(), ?::uuid, '{}')", alice)).hasMessageContaining("permission denied");
        });
        try (Connection c = owner.getConnection()) {
            assertThat(text(c, "select user_id::text from public.chat_sessions where id = ?::uuid", mine))
                    .isEqualTo(alice);
            assertThat(count(c, "select count(*) from public.chat_sessions where title = 'for bob'")).isZero();
        }
    }

    @Test
    void aUserVotesOnlyOnTheirOwnAnswersAndChangesNothingElseOfThem() throws SQLException {
        asUser(alice, c -> {
            assertThat(update(c, "update public.chat_logs set feedback = '{\"vote\": \"up\"}' where request_id = ?::uuid",
                    alices.requestId())).isEqualTo(1);
            assertThat(update(c, "update public.chat_logs set feedback = '{\"vote\": \"down\"}' where request_id = ?::uuid",
                    bobs.requestId())).isZero();
            assertThatThrownBy(() -> update(c, "update public.chat_logs set response = 'edited' where request_id = ?::uuid",
                    alices.requestId())).hasMessageContaining("permission denied");
            assertThatThrownBy(() -> update(c, "update public.chat_logs set feedback = '{\"vote\": \"meh\"}'"
                    + " where request_id = ?::uuid", alices.requestId())).hasMessageContaining("chat_logs_feedback_check");
        });
        try (Connection c = owner.getConnection()) {
            assertThat(text(c, "select feedback ->> 'vote' from public.chat_logs where request_id = ?::uuid",
                    alices.requestId())).isEqualTo("up");
            assertThat(text(c, "select feedback::text from public.chat_logs where request_id = ?::uuid",
                    bobs.requestId())).isNull();
        }
    }

    @Test
    void aUserSoftDeletesOnlyTheirOwnChatAndCannotDeleteRows() throws SQLException {
        String doomed = UUID.randomUUID().toString();
        try (Connection c = owner.getConnection()) {
            update(c, "insert into public.chat_sessions (id, user_id, title) values (?::uuid, ?::uuid, 'doomed')",
                    doomed, alice);
        }
        asUser(alice, c -> {
            assertThat(update(c, "update public.chat_sessions set status = 'deleted', deleted_at = now()"
                    + " where id = ?::uuid", doomed)).isEqualTo(1);
            assertThat(update(c, "update public.chat_sessions set status = 'deleted', deleted_at = now()"
                    + " where id = ?::uuid", bobChat)).isZero();
            assertThatThrownBy(() -> update(c, "update public.chat_sessions set status = 'gone' where id = ?::uuid",
                    aliceChat)).hasMessageContaining("chat_sessions_status_check");
            assertThatThrownBy(() -> update(c, "delete from public.chat_sessions where id = ?::uuid", doomed))
                    .hasMessageContaining("permission denied");
        });
        try (Connection c = owner.getConnection()) {
            assertThat(text(c, "select status from public.chat_sessions where id = ?::uuid", doomed)).isEqualTo("deleted");
            assertThat(text(c, "select status from public.chat_sessions where id = ?::uuid", bobChat)).isEqualTo("active");
        }
    }

    @Test
    void theServiceLoginDoesWhatTheGatewayNeeds() throws SQLException {
        try (Connection c = service.getConnection()) {
            String created = UUID.randomUUID().toString();
            assertThat(update(c, "insert into public.chat_sessions (id, user_id, title) values (?::uuid, ?::uuid, 'x')",
                    created, bob)).isEqualTo(1);
            assertThat(update(c, "update public.chat_sessions set title = 'renamed' where id = ?::uuid and user_id = ?::uuid",
                    created, bob)).isEqualTo(1);
            assertThat(update(c, "update public.chat_sessions set status = 'deleted', deleted_at = now()"
                    + " where id = ?::uuid and user_id = ?::uuid", created, bob)).isEqualTo(1);
            assertThat(update(c, "update public.chat_logs set feedback = '{\"vote\": \"down\", \"comment\": \"meh\"}'"
                    + " where request_id = ?::uuid and user_id = ?::uuid", bobs.requestId(), bob)).isEqualTo(1);
            assertThatThrownBy(() -> update(c, "delete from public.chat_sessions where id = ?::uuid", created))
                    .hasMessageContaining("permission denied");
        }
    }

    /** Work done on one connection. */
    private interface Work {
        void run(Connection c) throws SQLException;
    }

    /** As Supabase's API runs a signed-in user's query: role authenticated, the JWT's claims set. */
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
            ps.execute();
            return ps.getUpdateCount();
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
