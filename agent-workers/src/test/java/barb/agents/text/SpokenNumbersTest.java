package barb.agents.text;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SpokenNumbersTest {
    @Test
    void ordinalYearsBecomeYears() {
        assertThat(SpokenNumbers.digits("средний ренж в двадцать третьем году"))
                .isEqualTo("средний ренж в 2023 году");
        assertThat(SpokenNumbers.digits("а с девятнадцатого года")).isEqualTo("а с 2019 года");
        assertThat(SpokenNumbers.digits("за двадцать первый")).isEqualTo("за 2021");
        assertThat(SpokenNumbers.digits("начиная с две тысячи двенадцатого")).isEqualTo("начиная с 2012");
        assertThat(SpokenNumbers.digits("с двухтысячного")).isEqualTo("с 2000");
        assertThat(SpokenNumbers.digits("в девятом году")).as("a small ordinal with the word year").isEqualTo("в 2009 году");
    }

    @Test
    void anOrdinalBeforeAMonthIsItsDay() {
        assertThat(SpokenNumbers.digits("что было двадцать второго мая двадцать третьего"))
                .isEqualTo("что было 22 мая 2023");
        assertThat(SpokenNumbers.digits("пятого февраля")).isEqualTo("5 февраля");
    }

    @Test
    void smallOrdinalsAndOrdinalsOfThingsStayWhatTheyAre() {
        assertThat(SpokenNumbers.digits("в первом квартале")).isEqualTo("в первом квартале");
        assertThat(SpokenNumbers.digits("третья пятница месяца")).isEqualTo("третья пятница месяца");
        assertThat(SpokenNumbers.digits("а второй")).isEqualTo("а второй");
        assertThat(SpokenNumbers.digits("пятнадцатый день подряд")).isEqualTo("15-й день подряд");
    }

    @Test
    void cardinalsBecomeDigits() {
        assertThat(SpokenNumbers.digits("больше четырёх процентов".replace('ё', 'е')))
                .isEqualTo("больше 4 процентов");
        assertThat(SpokenNumbers.digits("ренж больше ста двадцати пунктов")).isEqualTo("ренж больше 120 пунктов");
        assertThat(SpokenNumbers.digits("две тысячи двадцать четыре")).isEqualTo("2024");
        assertThat(SpokenNumbers.digits("три красных дня подряд")).isEqualTo("3 красных дня подряд");
        assertThat(SpokenNumbers.digits("на тридцать бинов")).isEqualTo("на 30 бинов");
    }

    @Test
    void oneIsANumberOnlyBeforeAUnit() {
        assertThat(SpokenNumbers.digits("больше одного процента")).isEqualTo("больше 1 процента");
        assertThat(SpokenNumbers.digits("в один день")).isEqualTo("в один день");
        assertThat(SpokenNumbers.digits("двадцать один день")).isEqualTo("21 день");
    }

    @Test
    void halvesAndClockTimes() {
        assertThat(SpokenNumbers.digits("полтора процента")).isEqualTo("1.5 процента");
        assertThat(SpokenNumbers.digits("больше полпроцента")).isEqualTo("больше 0.5 процента");
        assertThat(SpokenNumbers.digits("два с половиной процента")).isEqualTo("2.5 процента");
        assertThat(SpokenNumbers.digits("с полдесятого до пол-одиннадцатого"))
                .isEqualTo("с 9:30 до 10:30");
        assertThat(SpokenNumbers.digits("в половине первого")).isEqualTo("в 12:30");
        assertThat(SpokenNumbers.digits("с девяти тридцати до десяти")).isEqualTo("с 9:30 до 10");
        assertThat(SpokenNumbers.digits("с пятнадцати сорока пяти")).isEqualTo("с 15:45");
    }

    @Test
    void aPercentWithoutANumberIsOne() {
        assertThat(SpokenNumbers.digits("gap bigger than half a percent")).isEqualTo("gap bigger than 0.5 %");
        assertThat(SpokenNumbers.digits("down more than a percent")).isEqualTo("down more than 1 %");
        assertThat(SpokenNumbers.digits("what percent of days")).isEqualTo("what percent of days");
        assertThat(SpokenNumbers.digits("вырос больше чем на процент")).isEqualTo("вырос больше чем на 1 процент");
        assertThat(SpokenNumbers.digits("в процентах")).isEqualTo("в процентах");
    }

    @Test
    void textWithoutNumberWordsIsUnchanged() {
        String plain = "средний ренж по rth в 2024 за пятницы";
        assertThat(SpokenNumbers.digits(plain)).isSameAs(plain);
        assertThat(SpokenNumbers.digits("avg range in 2024")).isEqualTo("avg range in 2024");
    }
}
