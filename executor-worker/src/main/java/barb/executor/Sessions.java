package barb.executor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The named sessions of an instrument, in the order of its file; names are matched case-insensitively. */
public final class Sessions {
    private final Map<String, SessionSpec> byName;

    public Sessions(List<SessionSpec> sessions) {
        if (sessions == null || sessions.isEmpty()) {
            throw new IllegalArgumentException("an instrument needs at least one session");
        }
        Map<String, SessionSpec> map = new LinkedHashMap<>();
        for (SessionSpec s : sessions) {
            if (map.put(s.name(), s) != null) {
                throw new IllegalArgumentException("session " + s.name() + " is defined twice");
            }
        }
        this.byName = Collections.unmodifiableMap(map);
    }

    /** The session called {@code name} (any case); an unknown name is an error that lists the known ones. */
    public SessionSpec get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown session '" + name + "' (known: " + String.join(", ", names()) + ")"));
    }

    public Optional<SessionSpec> find(String name) {
        if (name == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(byName.get(name.trim().toUpperCase(Locale.ROOT)));
    }

    public boolean contains(String name) {
        return find(name).isPresent();
    }

    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    public List<SessionSpec> all() {
        return new ArrayList<>(byName.values());
    }
}
