package barb.lag;

/** Checks a bootstrap list given by a person before any client sees it, so a typo gets a sentence, not a trace. */
public final class BootstrapAddress {
    private BootstrapAddress() {
    }

    /**
     * @return the list without blanks around the entries
     * @throws IllegalArgumentException naming the entry that is not {@code host:port}
     */
    public static String check(String bootstrap) {
        if (bootstrap == null || bootstrap.isBlank()) {
            throw new IllegalArgumentException("the bootstrap list is empty; give host:port[,host:port…]");
        }
        StringBuilder out = new StringBuilder();
        for (String raw : bootstrap.split(",", -1)) {
            String entry = raw.strip();
            int colon = entry.lastIndexOf(':');
            if (colon <= 0 || colon == entry.length() - 1) {
                throw new IllegalArgumentException("'" + entry + "' is not host:port");
            }
            String host = entry.substring(0, colon);
            if (host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("'" + entry + "' has no valid host");
            }
            int port;
            try {
                port = Integer.parseInt(entry.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + entry + "' has no valid port");
            }
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException("'" + entry + "': the port must be between 1 and 65535");
            }
            if (!out.isEmpty()) {
                out.append(',');
            }
            out.append(entry);
        }
        return out.toString();
    }
}
