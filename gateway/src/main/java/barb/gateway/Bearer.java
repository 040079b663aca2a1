package barb.gateway;

/** The token of an {@code Authorization: Bearer <token>} header. */
final class Bearer {
    private static final String SCHEME = "bearer ";

    private Bearer() {
    }

    /** The token, or null when the header is missing, of another scheme or empty. */
    static String token(String authorization) {
        if (authorization == null || authorization.length() <= SCHEME.length()) {
            return null;
        }
        if (!authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return null;
        }
        String token = authorization.substring(SCHEME.length()).trim();
        return token.isEmpty() ? null : token;
    }
}
