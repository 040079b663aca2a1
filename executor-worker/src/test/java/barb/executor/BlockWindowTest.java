package barb.executor;

import barb.core.QueryResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Statement;
import java.time.LocalTime;

import static org.assertj.core.api.Assertions.assertThat;

/** Time windows on block bounds are folded from the stored blocks; the answer must equal folding the minutes. */
class BlockWindowTest {
    @ParameterizedTest
    @ValueSource(strings = {
            """
            {"id": "b1", "operation": "group", "group_by": "weekday", "metric": "range", "aggregate": "mean",
             "session": "RTH", "time": {"from": "10:00", "to": "11:00"}}""",
            """
            {"id": "b2", "operation": "formation", "extreme": "high", "session": "RTH", "bucket": "15m",
             "time": {"from": "09:30", "to": "12:00"}, "period": {"from": "2024-01-01", "to": "2024-12-31"}}""",
            """
            {"id": "b3", "operation": "list", "metric": "range", "limit": 5, "session": "OVERNIGHT",
             "time": {"from": "18:00", "to": "02:00"}}""",
            """
            {"id": "b4", "operation": "aggregate", "aggregate": "mean", "metric": "change_pct",
             "time": {"from": "15:00", "to": "16:00"}, "filters": [{"metric": "range", "op": ">", "value": 1.2,
             "ref": "avg", "days": 10}]}"""})
    void blocksAndMinutesGiveTheSameAnswer(String json) throws Exception {
        MarketDataStore store = TestMarketData.store();
        PlanExecutor executor = new PlanExecutor(store);
        QueryResult fromBlocks = executor.execute(HandMadeDays.plan(json));
        assertThat(fromBlocks.metadata().sql()).contains(DerivedTables.MINUTE_BLOCKS);

        QueryResult fromMinutes;
        store.withConnection(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("ALTER TABLE block_size RENAME TO block_size_hidden");
            }
            return null;
        });
        store.invalidateCatalogCache();
        try {
            fromMinutes = executor.execute(HandMadeDays.plan(json));
        } finally {
            store.withConnection(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("ALTER TABLE block_size_hidden RENAME TO block_size");
                }
                return null;
            });
            store.invalidateCatalogCache();
        }
        assertThat(fromMinutes.metadata().sql()).doesNotContain(DerivedTables.MINUTE_BLOCKS);
        assertThat(fromBlocks.table()).isEqualTo(fromMinutes.table());
        assertThat(fromBlocks.summary()).isEqualTo(fromMinutes.summary());
        assertThat(fromBlocks.sourceRowCount()).isEqualTo(fromMinutes.sourceRowCount());
    }

    @Test
    void onlyWindowsOnBlockBoundsUseBlocks() {
        PlanVocabulary.SessionWindow rth = PlanVocabulary.SESSIONS.get("RTH");
        PlanVocabulary.SessionWindow eth = PlanVocabulary.SESSIONS.get("ETH");
        assertThat(DaySource.onBlockBounds(30, rth, null)).isTrue();
        assertThat(DaySource.onBlockBounds(30, eth, window("10:00", "11:30"))).isTrue();
        assertThat(DaySource.onBlockBounds(30, eth, window("10:15", "11:00"))).isFalse();
        assertThat(DaySource.onBlockBounds(0, rth, null)).isFalse();
    }

    private static PlanChecker.Window window(String from, String to) {
        return new PlanChecker.Window(LocalTime.parse(from), LocalTime.parse(to));
    }
}
