package barb.launcher;

/**
 * One request of a replay and how it went.
 *
 * @param originalId the replayed request's id
 * @param question   its question, null when it was not found in the topic
 * @param chatId     its chat, null when it was not found in the topic
 * @param replayId   the id of the replay's main run, null when nothing was replayed
 * @param original   the original run from the events topic, null when none was found there
 * @param current    the replay's main run, null when it did not finish
 * @param comparison the verdict
 */
record ReplayedRequest(String originalId, String question, String chatId, String replayId, RunRecord original,
                       RunRecord current, RunComparison comparison) {

    static ReplayedRequest notFound(String originalId) {
        return new ReplayedRequest(originalId, null, null, null, null, null, RunComparison.notFound());
    }
}
