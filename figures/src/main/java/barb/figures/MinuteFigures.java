package barb.figures;

import java.time.Instant;
import java.util.Map;

/**
 * The figures of one minute.
 *
 * @param minute            the minute's start
 * @param requests          requests that finished in the minute (their done event)
 * @param requestsByRoute   the same by route (data, clarify, chitchat, …)
 * @param failed            requests that finished with an error
 * @param errorRate         failed / requests; null in a minute without requests
 * @param clarificationRate requests whose route is clarify / requests; null without requests
 * @param deadLetters       records sent to the dead-letter topic in the minute
 * @param deadLetterRate    dead letters / requests; null without requests
 * @param stages            agent name → its steps and percentiles
 */
public record MinuteFigures(Instant minute, long requests, Map<String, Long> requestsByRoute, long failed,
                            Double errorRate, Double clarificationRate, long deadLetters, Double deadLetterRate,
                            Map<String, StageFigures> stages) {
    public MinuteFigures {
        requestsByRoute = Map.copyOf(requestsByRoute);
        stages = Map.copyOf(stages);
    }
}
