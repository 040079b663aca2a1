package barb.agents.reading;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A learned second opinion on what a chat message asks for: its route ("chitchat", "concept", "unsupported",
 * "clarify") or, for a data question, "data:" and the plan's operation ("data:count"). A multinomial logistic
 * regression over character 3–5-grams, words and word pairs, trained from labelled dialogues.
 *
 * <p>Why: the rules reader is exact on the phrasings it was written for and brittle on others; a model of the whole
 * message's surface, trained on many people's phrasings, is less exact but fails differently. On questions nobody
 * tuned either for, it names the right operation more often than the rules, and when it confidently disagrees with
 * the rules' reading, that reading is usually wrong (BENCHMARKS.md, fourth round) — a signal to ask, not to answer.
 *
 * <p>Two passes: the first model reads the message alone; the second also reads what the first model made of the
 * chat's previous message ("and 2023?" after a count is a count). Training is deterministic (a seeded shuffle).
 * Pure: no I/O.
 */
public final class TurnClassifier {
    /**
     * One message of a labelled dialogue.
     *
     * @param labels every label that is a right reading of it, the first the one writers chose first: a message
     *               with two fair readings ("how often …" as a count or a share) teaches both, so neither is ever
     *               confidently against the other
     */
    public record Example(String text, List<String> labels) {
        public Example {
            labels = List.copyOf(labels);
            if (labels.isEmpty()) {
                throw new IllegalArgumentException("an example needs a label");
            }
        }

        public Example(String text, String label) {
            this(text, List.of(label));
        }
    }

    /** The most likely label and its probability. */
    public record Prediction(String label, double probability) {
    }

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_]+|[%?]");
    private static final Pattern SPACE = Pattern.compile("\\s+");
    private static final int EPOCHS = 30;
    private static final double RATE = 0.5;
    private static final double DECAY = 1e-4;

    private final Model alone;
    private final Model withPrevious;

    private TurnClassifier(Model alone, Model withPrevious) {
        this.alone = alone;
        this.withPrevious = withPrevious;
    }

    /** Trains on dialogues: each inner list is one chat's messages in order. */
    public static TurnClassifier train(List<List<Example>> dialogues) {
        List<Map<String, Double>> first = new ArrayList<>();
        List<List<String>> labels = new ArrayList<>();
        for (List<Example> dialogue : dialogues) {
            for (int i = 0; i < dialogue.size(); i++) {
                first.add(features(dialogue.get(i).text(), i + 1, null));
                labels.add(dialogue.get(i).labels());
            }
        }
        if (first.isEmpty()) {
            throw new IllegalArgumentException("no examples to train on");
        }
        Model alone = Model.fit(first, labels);
        List<Map<String, Double>> second = new ArrayList<>();
        for (List<Example> dialogue : dialogues) {
            String previous = null;
            for (int i = 0; i < dialogue.size(); i++) {
                second.add(features(dialogue.get(i).text(), i + 1, previous));
                previous = alone.predict(features(dialogue.get(i).text(), i + 1, null)).label();
            }
        }
        return new TurnClassifier(alone, Model.fit(second, labels));
    }

    /**
     * @param text     the message
     * @param previous the chat's previous user message, or null when this one starts the chat
     * @param turn     the message's place in the chat, from 1
     */
    public Prediction predict(String text, String previous, int turn) {
        return predictAfter(text, previous == null ? null : labelAlone(previous, Math.max(1, turn - 1)), turn);
    }

    /** What a message asks for, read without its chat. */
    public String labelAlone(String text, int turn) {
        return alone.predict(features(text, turn, null)).label();
    }

    /**
     * @param previousLabel what the chat's previous message asked for (a label), when the caller knows it better
     *                      than {@link #labelAlone} would guess it; null when this message starts the chat
     */
    public Prediction predictAfter(String text, String previousLabel, int turn) {
        return withPrevious.predict(features(text, turn, previousLabel));
    }

    /** The labels the classifier can give, sorted. */
    public List<String> labels() {
        return List.of(withPrevious.classes);
    }

    static Map<String, Double> features(String text, int turn, String previousLabel) {
        String t = SPACE.matcher(text == null ? "" : text.toLowerCase(Locale.ROOT)).replaceAll(" ").strip();
        Map<String, Double> f = new HashMap<>();
        String padded = " " + t + " ";
        for (int n = 3; n <= 5; n++) {
            for (int i = 0; i + n <= padded.length(); i++) {
                f.merge("c" + padded.substring(i, i + n), 1.0, Double::sum);
            }
        }
        List<String> words = new ArrayList<>();
        Matcher m = WORD.matcher(t);
        while (m.find()) {
            words.add(m.group());
        }
        for (int i = 0; i < words.size(); i++) {
            f.merge("w" + words.get(i), 1.0, Double::sum);
            if (i > 0) {
                f.merge("b" + words.get(i - 1) + "_" + words.get(i), 1.0, Double::sum);
            }
        }
        double norm = Math.sqrt(f.values().stream().mapToDouble(v -> v * v).sum());
        f.replaceAll((k, v) -> v / norm);
        // the chat context counts in full whatever the message's length: "and 2023?" is mostly its context
        f.put("turn" + Math.min(turn, 3), 1.0);
        if (previousLabel != null) {
            f.put("previous " + previousLabel, 1.0);
        }
        return f;
    }

    /**
     * Softmax regression fitted by stochastic gradient descent; features unseen in training are skipped. An example
     * with several right labels is fitted to an even split between them (cross-entropy against that split).
     */
    private static final class Model {
        private final String[] classes;
        private final Map<String, Integer> index;
        private final double[][] weights;
        private final double[] bias;

        private Model(String[] classes, Map<String, Integer> index, double[][] weights, double[] bias) {
            this.classes = classes;
            this.index = index;
            this.weights = weights;
            this.bias = bias;
        }

        static Model fit(List<Map<String, Double>> xs, List<List<String>> ys) {
            String[] classes = ys.stream().flatMap(List::stream).collect(java.util.stream.Collectors.toCollection(
                    TreeSet::new)).toArray(String[]::new);
            Map<String, Integer> classIndex = new HashMap<>();
            for (int i = 0; i < classes.length; i++) {
                classIndex.put(classes[i], i);
            }
            Map<String, Integer> index = new HashMap<>();
            for (Map<String, Double> x : xs) {
                for (String k : new TreeSet<>(x.keySet())) {
                    index.putIfAbsent(k, index.size());
                }
            }
            int[][] ids = new int[xs.size()][];
            double[][] values = new double[xs.size()][];
            for (int e = 0; e < xs.size(); e++) {
                List<String> keys = new ArrayList<>(new TreeSet<>(xs.get(e).keySet()));
                ids[e] = new int[keys.size()];
                values[e] = new double[keys.size()];
                for (int j = 0; j < keys.size(); j++) {
                    ids[e][j] = index.get(keys.get(j));
                    values[e][j] = xs.get(e).get(keys.get(j));
                }
            }
            double[][] w = new double[index.size()][classes.length];
            double[] b = new double[classes.length];
            int[] order = new int[xs.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Random random = new Random(1);
            double[] p = new double[classes.length];
            for (int epoch = 0; epoch < EPOCHS; epoch++) {
                for (int i = order.length - 1; i > 0; i--) {
                    int j = random.nextInt(i + 1);
                    int swap = order[i];
                    order[i] = order[j];
                    order[j] = swap;
                }
                for (int e : order) {
                    softmax(ids[e], values[e], w, b, p);
                    for (String label : ys.get(e)) {
                        p[classIndex.get(label)] -= 1.0 / ys.get(e).size();
                    }
                    for (int j = 0; j < ids[e].length; j++) {
                        double[] row = w[ids[e][j]];
                        double v = values[e][j];
                        for (int c = 0; c < row.length; c++) {
                            row[c] -= RATE * (v * p[c] + DECAY * row[c]);
                        }
                    }
                    for (int c = 0; c < b.length; c++) {
                        b[c] -= RATE * p[c];
                    }
                }
            }
            return new Model(classes, index, w, b);
        }

        Prediction predict(Map<String, Double> x) {
            List<Integer> known = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (Map.Entry<String, Double> e : x.entrySet()) {
                Integer id = index.get(e.getKey());
                if (id != null) {
                    known.add(id);
                    values.add(e.getValue());
                }
            }
            double[] p = new double[classes.length];
            softmax(known.stream().mapToInt(Integer::intValue).toArray(),
                    values.stream().mapToDouble(Double::doubleValue).toArray(), weights, bias, p);
            int best = 0;
            for (int c = 1; c < p.length; c++) {
                if (p[c] > p[best]) {
                    best = c;
                }
            }
            return new Prediction(classes[best], p[best]);
        }

        private static void softmax(int[] ids, double[] values, double[][] w, double[] b, double[] out) {
            System.arraycopy(b, 0, out, 0, b.length);
            for (int j = 0; j < ids.length; j++) {
                double[] row = w[ids[j]];
                for (int c = 0; c < out.length; c++) {
                    out[c] += values[j] * row[c];
                }
            }
            double max = Double.NEGATIVE_INFINITY;
            for (double s : out) {
                max = Math.max(max, s);
            }
            double sum = 0;
            for (int c = 0; c < out.length; c++) {
                out[c] = Math.exp(out[c] - max);
                sum += out[c];
            }
            for (int c = 0; c < out.length; c++) {
                out[c] /= sum;
            }
        }
    }
}
