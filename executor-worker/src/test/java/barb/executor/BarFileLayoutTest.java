package barb.executor;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BarFileLayoutTest {

    @Test
    void aFirstLineStartingWithATimestampMeansNoHeader() throws Exception {
        BarFileLayout layout = BarFileLayout.fromFirstCsvLine("f.csv", 1, "2024-01-02T09:30:00Z,1,2,0.5,1,3");
        assertThat(layout).isEqualTo(new BarFileLayout(1, 2, 3, 4, 5, 6, 6, 0, "timestamp"));
    }

    @Test
    void aHeaderMapsColumnsByNameInAnyOrderAndCase() throws Exception {
        BarFileLayout layout = BarFileLayout.fromFirstCsvLine("f.csv", 3, "Volume, CLOSE,low,high,open,extra,TS");
        assertThat(layout).isEqualTo(new BarFileLayout(7, 5, 4, 3, 2, 1, 7, 3, "ts"));
    }

    @Test
    void missingColumnsAreNamed() {
        assertThatThrownBy(() -> BarFileLayout.fromFirstCsvLine("f.csv", 1, "date,open,high,low,close"))
                .isInstanceOf(BarImportException.class)
                .hasMessage("f.csv: the header (line 1) lacks column(s) timestamp, volume; expected "
                        + "timestamp,open,high,low,close,volume, found date,open,high,low,close");
        assertThatThrownBy(() -> BarFileLayout.fromColumnNames("p.parquet", List.of("timestamp", "open", "close")))
                .hasMessageContaining("lacks column(s) high, low, volume");
    }

    @Test
    void timestampShapes() {
        assertThat(List.of("2024-01-02 09:30", "2024-01-02 09:30:00", "2024-01-02T09:30:00.000",
                "2024-01-02T09:30Z", "2024-01-02 09:30:00-05", "2024-01-02T09:30:00+05:30", "2024-01-02T09:30+0530"))
                .allMatch(BarFileLayout::looksLikeTimestamp);
        assertThat(List.of("2024-01-02", "01/02/2024 09:30", "2024-1-2 9:30", "timestamp", "1704205800", ""))
                .noneMatch(BarFileLayout::looksLikeTimestamp);
        assertThat(BarFileLayout.splitCsvLine("\uFEFF\"a\", b ,c\r")).containsExactly("a", "b", "c");
    }
}
