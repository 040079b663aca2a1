package barb.agents;

import barb.agents.answers.Messages;
import barb.agents.reading.FollowUps;
import barb.agents.reading.QuestionReader;
import barb.agents.reading.TurnClassifier;
import barb.core.ChatMessage;
import barb.core.ClarificationItem;
import barb.core.Memory;
import barb.core.NeedClarification;
import barb.core.ParsedStep;
import barb.core.Understanding;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A second opinion on a data reading before it is answered: when the learned {@link TurnClassifier} is confident
 * the message asks for something else (another operation, or no data at all), Barb asks which was meant instead of
 * answering a question that was probably not asked. The rules' reading is offered first, then what the classifier
 * reads, in words the reader knows, so either answer completes the question.
 */
final class ReadingCheck {
    /**
     * How sure the classifier must be to stop an answer. First chosen on the totals of fresh-5 and fresh-7 (0.6,
     * fourth round). In the ninth round, on the totals of fresh-21 before it was read or trained on, 0.5 took away 7
     * of its 90 wrong answers and no right one; it is kept for a chat's first message whose reading left words
     * unread. A message the rules read every word of ("средний диапазон по кварталам в 2024 ETH") and a later
     * message, which the rules read with the chat's previous question and the classifier sees with few words ("and
     * on the day itself?"), keep 0.6 (BENCHMARKS.md, ninth round).
     */
    static final double CONFIDENT = 0.5;
    static final double CONFIDENT_READ_WHOLE = 0.6;

    private final TurnClassifier classifier;

    ReadingCheck(TurnClassifier classifier) {
        this.classifier = classifier;
    }

    /** The classifier trained once per process on {@link TrainingDialogues}, when the first handler is built. */
    static ReadingCheck trained() {
        return new ReadingCheck(Trained.CLASSIFIER);
    }

    private static final class Trained {
        static final TurnClassifier CLASSIFIER = TurnClassifier.train(TrainingDialogues.load());
    }

    /**
     * @param everyWordRead whether the rules read every word of the message (none was left unread)
     * @param heading the rules reading's heading, as the acknowledgement words it; planned only when Barb asks
     * @return the clarification to ask, or null when the reading stands
     */
    Understanding check(String question, Memory memory, ParsedStep step, boolean everyWordRead,
                        Supplier<String> heading, String title, String lang) {
        String operation = step.operation();
        TurnClassifier.Prediction p = classifier.predictAfter(question, previousLabel(memory), turn(memory));
        // "clarify" is no other reading: whether a session or a threshold is missing is the rules' exact call
        double confident = turn(memory) == 1 && !everyWordRead ? CONFIDENT : CONFIDENT_READ_WHOLE;
        if (p.probability() < confident || sameReading(p.label(), step) || p.label().equals("clarify")) {
            return null;
        }
        Messages m = Messages.of(lang);
        List<String> options = new ArrayList<>();
        options.add(heading.get());
        if (p.label().startsWith("data:")) {
            String other = p.label().substring("data:".length());
            if (m.has("reading.alternative." + other)) {
                options.add(m.get("reading.alternative." + other));
            }
        }
        ClarificationItem item = new ClarificationItem("reading",
                "the rules read '" + operation + "' but the learned check reads " + p.label() + " (p = "
                        + String.format(java.util.Locale.ROOT, "%.2f", p.probability()) + ")", options);
        return new Understanding("data", null, false, false, null, null, title,
                new NeedClarification(List.of(item), List.of(), "Question: " + question));
    }

    /**
     * Whether the classifier's label names what the step computes. A ranked list of days and a top_n without groups
     * are one question ("top 10 rth ranges"): the same days in the same order, so offering one against the other
     * would ask the user to choose between two identical answers. Days counted in each group are a count too.
     */
    static boolean sameReading(String label, ParsedStep step) {
        String operation = step.operation();
        if (label.equals("data:" + operation)) {
            return true;
        }
        // "and how many minutes till it fills?" after how often gaps fill: the time to fill is a gap-fill figure
        if (label.equals("data:gap_fill") && step.atoms().stream().allMatch(a -> "gap_fill_minutes".equals(a.what()))) {
            return true;
        }
        // params() is a copy: take it once
        com.fasterxml.jackson.databind.node.ObjectNode params = step.params();
        boolean ungrouped = !params.hasNonNull("group_by");
        // "how many green days by month": the days of each group counted are a count, group by group
        if (label.equals("data:count") && operation.equals("group")) {
            return step.atoms().stream().allMatch(a -> "days".equals(a.what()));
        }
        // "how often does it close green, per year": the share of green days in each group is a probability too
        if (label.equals("data:probability") && operation.equals("group")) {
            return "mean".equals(params.path("aggregate").asText("mean"))
                    && step.atoms().stream().allMatch(a -> a.what() != null && a.what().startsWith("is_"));
        }
        if (label.equals("data:top_n") && operation.equals("list")) {
            return ungrouped && params.hasNonNull("sort");
        }
        return label.equals("data:list") && operation.equals("top_n") && ungrouped;
    }

    /**
     * What the chat's previous message asked for: the classifier's guess from its words, except that a data
     * message is known exactly — the operation of the last question answered, which also covers a bare
     * clarification answer ("RTH") that says nothing of what was computed.
     */
    String previousLabel(Memory memory) {
        String previous = previousQuestion(memory);
        if (previous == null) {
            return null;
        }
        String guessed = classifier.labelAlone(previous, Math.max(1, turn(memory) - 1));
        String last = memory.keyFact(FollowUps.LAST_QUERY);
        if (!guessed.startsWith("data:") || last == null) {
            return guessed;
        }
        ParsedStep step = QuestionReader.read(last.split(FollowUps.STEP_SEPARATOR, 2)[0]).step();
        return step == null ? guessed : "data:" + step.operation();
    }

    /** The user's message before this one, or null when this one starts the chat. */
    static String previousQuestion(Memory memory) {
        if (memory == null) {
            return null;
        }
        List<ChatMessage> recent = memory.recent();
        for (int i = recent.size() - 1; i >= 0; i--) {
            if (recent.get(i).role().equals("user")) {
                return recent.get(i).content();
            }
        }
        return null;
    }

    /** This message's place in the chat, from 1; older messages folded into summaries count as earlier turns. */
    static int turn(Memory memory) {
        if (memory == null) {
            return 1;
        }
        int before = (int) memory.recent().stream().filter(c -> c.role().equals("user")).count();
        return memory.summaries().isEmpty() ? before + 1 : Math.max(3, before + 1);
    }
}
