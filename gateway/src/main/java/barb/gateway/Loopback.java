package barb.gateway;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/** Whether an address, a listen host or a Host header stays on this machine. */
final class Loopback {
    private Loopback() {
    }

    /** True for 127.0.0.0/8, ::1 and names resolving to them; false for 0.0.0.0 and anything unresolvable. */
    static boolean isLoopbackHost(String host) {
        if (host == null || host.isBlank()) {
            return false;
        }
        try {
            return InetAddress.getByName(host.trim()).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    static boolean isLoopbackPeer(SocketAddress peer) {
        return peer instanceof InetSocketAddress a && a.getAddress() != null && a.getAddress().isLoopbackAddress();
    }

    /**
     * Whether a request's Host header names this machine by a loopback name (localhost, 127.x.x.x, [::1]) with
     * any port. A page on evil.example whose name was re-pointed at 127.0.0.1 (DNS rebinding) sends
     * {@code Host: evil.example}, so this refuses it even though it connects from loopback. Checked without a DNS
     * lookup: the header is the client's word.
     */
    static boolean isLoopbackHostHeader(String hostHeader) {
        if (hostHeader == null) {
            return false;
        }
        String h = hostHeader.trim().toLowerCase(Locale.ROOT);
        String name;
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            if (end < 0) {
                return false;
            }
            name = h.substring(1, end);
            String rest = h.substring(end + 1);
            if (!rest.isEmpty() && !rest.matches(":\\d{1,5}")) {
                return false;
            }
            return name.equals("::1");
        }
        int colon = h.indexOf(':');
        name = colon < 0 ? h : h.substring(0, colon);
        if (colon >= 0 && !h.substring(colon + 1).matches("\\d{1,5}")) {
            return false;
        }
        return name.equals("localhost") || name.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }
}
