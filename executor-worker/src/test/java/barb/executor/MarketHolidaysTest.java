package barb.executor;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

class MarketHolidaysTest {
    @Test
    void goodFridayFollowsEaster() {
        assertThat(MarketHolidays.goodFriday(2008)).isEqualTo(LocalDate.of(2008, 3, 21));
        assertThat(MarketHolidays.goodFriday(2024)).isEqualTo(LocalDate.of(2024, 3, 29));
        assertThat(MarketHolidays.goodFriday(2025)).isEqualTo(LocalDate.of(2025, 4, 18));
    }

    @Test
    void christmasAndNewYearAreObservedOnAWeekday() {
        assertThat(MarketHolidays.isFullClose(LocalDate.of(2024, 12, 25))).isTrue();
        assertThat(MarketHolidays.isFullClose(LocalDate.of(2024, 1, 1))).isTrue();
        // Christmas 2021 fell on a Saturday: closed on Friday the 24th.
        assertThat(MarketHolidays.isFullClose(LocalDate.of(2021, 12, 24))).isTrue();
        // New Year 2022 fell on a Saturday: Friday 2021-12-31 traded.
        assertThat(MarketHolidays.isFullClose(LocalDate.of(2021, 12, 31))).isFalse();
        // New Year 2023 fell on a Sunday: closed on Monday the 2nd.
        assertThat(MarketHolidays.isFullClose(LocalDate.of(2023, 1, 2))).isTrue();
        assertThat(MarketHolidays.isFullClose(LocalDate.of(2023, 1, 3))).isFalse();
    }

    @Test
    void weekendsAreNotTradingDays() {
        assertThat(MarketHolidays.isTradingDay(LocalDate.of(2024, 6, 8))).isFalse();
        assertThat(MarketHolidays.isTradingDay(LocalDate.of(2024, 6, 9))).isFalse();
        assertThat(MarketHolidays.isTradingDay(LocalDate.of(2024, 6, 10))).isTrue();
    }
}
