package barb.agents;

import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.Memory;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Runs the rules handlers the way the StageWorker chains them, without Kafka, up to the executor or a finish. */
final class Pipeline {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-05T15:00:00Z"), ZoneId.of("America/New_York"));
    static final barb.core.DataCoverage COVERAGE = new barb.core.DataCoverage(
            java.time.LocalDate.of(2008, 1, 2), java.time.LocalDate.of(2026, 3, 5), "synthetic");
    private final Map<Stage, StageHandler> handlers = new EnumMap<>(Stage.class);

    Pipeline() {
        for (StageHandler h : RulesAgents.handlers(() -> COVERAGE)) {
            handlers.put(h.stage(), h);
        }
    }

    /** The rules handlers with the understander's reading check given. */
    Pipeline(ReadingCheck check) {
        this();
        handlers.put(Stage.UNDERSTANDER, new UnderstanderHandler(() -> COVERAGE, check));
    }

    /** What one request did: the outcomes in order and the envelope where it stopped. */
    record Run(List<StageOutcome> outcomes, RequestEnvelope last, Stage stoppedAt) {
        StageOutcome.Finish finish() {
            return outcomes.get(outcomes.size() - 1).finish();
        }

        List<String> agents() {
            return last.agentsUsed();
        }

        StageOutcome outcomeOf(Stage stage) {
            for (StageOutcome o : outcomes) {
                if (o.envelope().agentsUsed().size() < last.agentsUsed().size()
                        && last.agentsUsed().get(o.envelope().agentsUsed().size()).equals(stage.agentName())) {
                    return o;
                }
            }
            throw new AssertionError("stage " + stage + " did not run: " + last.agentsUsed());
        }

        /** The chat state the worker would write when the request finished. */
        ChatState chatStateAfter(ChatState before) {
            StageOutcome.Finish f = finish();
            ChatState b = before == null ? ChatState.fresh("chat-1", "user-1") : before;
            return new ChatState(b.chatId(), b.userId(), b.title(), b.memory().withExchange(last.question(), f.response()),
                    f.clarification(), last.requestId(), 0);
        }
    }

    static RequestEnvelope envelope(String question, ChatState state, boolean needsTitle) {
        long now = CLOCK.millis();
        return RequestEnvelope.start("req-" + Math.abs(question.hashCode()), "chat-1", "user-1", question, now,
                now + 60_000, needsTitle, state);
    }

    static ChatState awaiting(ClarificationState clarification) {
        return new ChatState("chat-1", "user-1", null, Memory.empty(), clarification, null, 0);
    }

    Run run(String question) {
        return run(question, null);
    }

    Run run(String question, ChatState state) {
        RequestEnvelope env = envelope(question, state, false);
        Stage stage = Stage.INTENT;
        List<StageOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            StageOutcome o;
            try {
                o = handlers.get(stage).handle(env);
            } catch (Exception e) {
                throw new AssertionError(stage + " failed", e);
            }
            outcomes.add(o);
            env = o.envelope().advanced(stage.agentName(), o.usage());
            if (o.finish() != null) {
                return new Run(outcomes, env, null);
            }
            if (o.next() == Stage.EXECUTOR) {
                return new Run(outcomes, env, Stage.EXECUTOR);
            }
            stage = o.next();
        }
        throw new AssertionError("pipeline did not end");
    }
}
