package barb.tracesink;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/** A DataSource whose database can be made unreachable, the way a pool reports an outage. */
final class FlakyDataSource implements DataSource {
    private final DataSource delegate;
    private final AtomicInteger refused = new AtomicInteger();
    private volatile boolean down;

    FlakyDataSource(DataSource delegate) {
        this.delegate = delegate;
    }

    void setDown(boolean down) {
        this.down = down;
    }

    int refusedCount() {
        return refused.get();
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (down) {
            refused.incrementAndGet();
            throw new SQLTransientConnectionException("barb-pg - Connection is not available (test outage)", "08001");
        }
        return delegate.getConnection();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return delegate.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        delegate.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        delegate.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return delegate.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return delegate.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return delegate.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return delegate.isWrapperFor(iface);
    }
}
