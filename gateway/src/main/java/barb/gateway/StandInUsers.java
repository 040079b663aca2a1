package barb.gateway;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;

/**
 * On plain PostgreSQL, {@code auth.users} is Barb's stand-in, and a user's row must exist before their first chat
 * (the chats reference it); the gateway creates it on first sight, as the trace-sink does. On Supabase the table is
 * the real one and is never written: a signed-in user is already in it.
 */
final class StandInUsers {
    private static final Logger log = LoggerFactory.getLogger(StandInUsers.class);
    /** The comment sql/V1 puts on its stand-in table. */
    static final String STAND_IN_COMMENT = "barb stand-in for Supabase auth.users";

    private volatile Boolean standIn;

    void ensure(Connection c, String userId) throws SQLException {
        if (!isStandIn(c)) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(
                "insert into auth.users (id) values (?) on conflict (id) do nothing")) {
            ps.setObject(1, UUID.fromString(userId));
            ps.executeUpdate();
        }
    }

    private boolean isStandIn(Connection c) throws SQLException {
        Boolean known = standIn;
        if (known != null) {
            return known;
        }
        try (PreparedStatement ps = c.prepareStatement(
                "select obj_description(to_regclass('auth.users'), 'pg_class')");
             ResultSet rs = ps.executeQuery()) {
            boolean is = rs.next() && STAND_IN_COMMENT.equals(rs.getString(1));
            log.debug("auth.users is {}", is ? "Barb's stand-in" : "not Barb's stand-in");
            standIn = is;
            return is;
        }
    }
}
