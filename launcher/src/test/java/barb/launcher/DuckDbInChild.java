package barb.launcher;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.concurrent.CountDownLatch;

/**
 * Run as a child JVM by {@link DataSetupTest}: holds a DuckDB file open for writing, as an import does, or with a
 * second argument "read-only", as a running executor does.
 */
public final class DuckDbInChild {
    static final String READY = "DUCKDB OPEN";

    private DuckDbInChild() {
    }

    public static void main(String[] args) throws Exception {
        boolean readOnly = args.length > 1 && args[1].equals("read-only");
        java.util.Properties p = new java.util.Properties();
        if (readOnly) {
            p.setProperty("duckdb.read_only", "true");
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + Path.of(args[0]).toAbsolutePath(), p)) {
            if (!readOnly) {
                c.createStatement().execute("create table if not exists held (v int)");
            }
            System.out.println(READY);
            System.out.flush();
            new CountDownLatch(1).await();
        }
    }
}
