package barb.figures;

import java.time.Instant;
import java.util.List;

/** What {@code GET /ops/figures} answers: the last minutes, oldest first; the last one is still being counted. */
public record OpsFigures(Instant generatedAt, long windowSeconds, List<MinuteFigures> minutes) {
    public OpsFigures {
        minutes = List.copyOf(minutes);
    }
}
