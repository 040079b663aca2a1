package barb.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Picks loopback ports that are free right now. */
public final class FreePorts {
    private FreePorts() {
    }

    /** True when nothing listens on this loopback port now. */
    public static boolean isFree(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * A free port that is not {@code taken}: a port picked earlier and not yet listened on is free again, and the
     * system may hand it out a second time.
     */
    public static int pickOtherThan(int taken) {
        int port = pick();
        while (port == taken) {
            port = pick();
        }
        return port;
    }

    public static int pick() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
