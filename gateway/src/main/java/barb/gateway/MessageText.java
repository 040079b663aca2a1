package barb.gateway;

/**
 * The one place where a user's text is made fit for the pipeline at the door. PostgreSQL's text and jsonb refuse
 * NUL, and the other C0 control characters are never part of a question but break logs, terminals and the LLM
 * prompt; they are removed, except tab, line feed and carriage return. A lone UTF-16 surrogate (JSON allows the
 * escape "\ud800" alone) cannot be encoded as UTF-8, so it becomes U+FFFD.
 */
final class MessageText {
    private MessageText() {
    }

    static String normalise(String raw) {
        StringBuilder out = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < raw.length() && Character.isLowSurrogate(raw.charAt(i + 1))) {
                out.append(c).append(raw.charAt(i + 1));
                i++;
                continue;
            }
            if (Character.isSurrogate(c)) {
                out.append('\uFFFD');
                continue;
            }
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                continue;
            }
            out.append(c);
        }
        return out.toString();
    }
}
