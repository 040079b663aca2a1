package barb.executor;

import org.junit.jupiter.api.Test;

import java.time.LocalTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InstrumentTest {
    @Test
    void nqIsLoadedFromItsFile() {
        Instrument nq = Instrument.nq();
        assertThat(nq.tickSize()).isEqualTo(0.25);
        assertThat(nq.tickValue()).isEqualTo(5.0);
        assertThat(nq.timezone().getId()).isEqualTo("America/New_York");
        assertThat(nq.tradingDayStart()).isEqualTo(LocalTime.of(18, 0));
        assertThat(nq.tradingDayEnd()).isEqualTo(LocalTime.of(17, 0));
        assertThat(nq.maintenanceStart()).isEqualTo(LocalTime.of(17, 0));
        assertThat(nq.tradeDateShiftMinutes()).isEqualTo(360);
        assertThat(nq.tradingDayMinutes()).isEqualTo(1380);
        assertThat(nq.defaultSession()).isEqualTo("RTH");
        assertThat(nq.sessions().names()).containsExactly("RTH", "ETH", "OVERNIGHT", "GLOBEX", "ASIAN", "EUROPEAN",
                "US", "PREMARKET", "POSTMARKET", "MORNING", "AFTERNOON", "LUNCH", "LONDON_OPEN", "NY_OPEN",
                "NY_CLOSE", "RTH_OPEN", "RTH_CLOSE");
        assertThat(Instrument.load("nq")).isSameAs(nq);
    }

    @Test
    void otherContractsAreData() {
        for (String symbol : List.of("ES", "YM", "RTY")) {
            Instrument i = Instrument.load(symbol);
            assertThat(i.symbol()).isEqualTo(symbol);
            assertThat(i.sessions().get("rth").end()).isEqualTo(LocalTime.of(17, 0));
            assertThat(i.calendar().name()).isEqualTo("cme-equity-index");
        }
        assertThat(Instrument.load("YM").tickSize()).isEqualTo(1.0);
        assertThatThrownBy(() -> Instrument.load("CL")).hasMessageContaining("unknown instrument 'CL'");
        assertThatThrownBy(() -> Instrument.load("N Q;")).hasMessageContaining("not an instrument symbol");
    }

    @Test
    void sessionsAreStartInclusiveEndExclusiveAndMayWrap() {
        Sessions s = Instrument.nq().sessions();
        SessionSpec rth = s.get("RTH");
        assertThat(rth.contains(LocalTime.of(9, 29))).isFalse();
        assertThat(rth.contains(LocalTime.of(9, 30))).isTrue();
        assertThat(rth.contains(LocalTime.of(16, 59))).isTrue();
        assertThat(rth.contains(LocalTime.of(17, 0))).isFalse();
        assertThat(rth.minutes()).isEqualTo(450);
        SessionSpec eth = s.get("eth");
        assertThat(eth.wrapsMidnight()).isTrue();
        assertThat(eth.minutes()).isEqualTo(1380);
        assertThat(eth.contains(LocalTime.of(17, 30))).isFalse();
        assertThat(eth.contains(LocalTime.of(18, 0))).isTrue();
        assertThat(eth.contains(LocalTime.of(2, 0))).isTrue();
        SessionSpec asian = s.get("ASIAN");
        assertThat(asian.contains(LocalTime.of(23, 59))).isTrue();
        assertThat(asian.contains(LocalTime.of(3, 0))).isFalse();
        assertThat(s.get("OVERNIGHT").contains(LocalTime.of(9, 29))).isTrue();
        assertThat(rth.sqlPredicate("ts"))
                .isEqualTo("(CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00')");
        assertThat(asian.sqlPredicate("b.ts"))
                .isEqualTo("(CAST(b.ts AS TIME) >= TIME '18:00' OR CAST(b.ts AS TIME) < TIME '03:00')");
        assertThatThrownBy(() -> rth.sqlPredicate("ts; DROP TABLE bars")).hasMessageContaining("not a column");
        assertThatThrownBy(() -> s.get("BRUNCH")).hasMessageContaining("unknown session 'BRUNCH'")
                .hasMessageContaining("RTH, ETH");
    }

    @Test
    void aSessionOutsideTheTradingDayIsRefused() {
        var file = new Instrument.InstrumentFile("XX", "x", "CME", 0.25, 5.0, "America/New_York",
                LocalTime.of(18, 0), LocalTime.of(17, 0), new Instrument.Maintenance(LocalTime.of(17, 0),
                LocalTime.of(18, 0)), "RTH", "cme-equity-index",
                List.of(new Instrument.SessionFile("RTH", LocalTime.of(9, 30), LocalTime.of(17, 0), null),
                        new Instrument.SessionFile("EVENING", LocalTime.of(16, 0), LocalTime.of(20, 0), null)));
        assertThatThrownBy(() -> Instrument.from(file)).hasMessageContaining("session EVENING")
                .hasMessageContaining("inside the trading day");
    }
}
