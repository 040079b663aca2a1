package barb.launcher;

/**
 * A request a replay selected, as the selection keeps it until its turn: where it is on the requests topic and the
 * times that bound its original run on the events topic. The envelope itself (with the chat's whole state) is read
 * again when the request's batch comes, so a selection of thousands of requests stays small.
 *
 * @param requestId   the request's id
 * @param partition   its partition of the requests topic
 * @param offset      its offset there
 * @param timestampMs when it was written
 * @param deadlineMs  its deadline: its original run's done event comes before it (or soon after)
 */
record SelectedRequest(String requestId, int partition, long offset, long timestampMs, long deadlineMs) {
}
