// Weekday, month and quarter names in the reader's language for a stored answer. Live, the presenter sends a
// second data block with these names translated (agent-workers' DataBlocks); only the executor's English block
// is stored with the traces, so a chat opened later names them here, the same way, to match its answer text.

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
  'November', 'December'];
const NAME_COLUMNS = ['weekday_name', 'month_name', 'quarter_name'];

const RU = {
  weekdays: ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'],
  months: ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь',
    'декабрь'],
  quarter: q => q + '-й квартал',
};

/** The block with its name columns in the reader's language (ru); other languages get it as it is. */
export function inReaderLanguage(block, lang) {
  if (lang !== 'ru' || !block || typeof block !== 'object') {
    return block;
  }
  return {...block, table: rowsNamed(block.table), source_rows: rowsNamed(block.source_rows)};
}

function rowsNamed(rows) {
  if (!Array.isArray(rows)) {
    return rows;
  }
  return rows.map(row => {
    if (!row || typeof row !== 'object') {
      return row;
    }
    const named = {...row};
    for (const column of NAME_COLUMNS) {
      if (typeof named[column] === 'string') {
        named[column] = russian(named[column]);
      }
    }
    return named;
  });
}

function russian(english) {
  const weekday = WEEKDAYS.indexOf(english);
  if (weekday >= 0) {
    return RU.weekdays[weekday];
  }
  const month = MONTHS.indexOf(english);
  if (month >= 0) {
    return RU.months[month];
  }
  const quarter = /^Q([1-4])$/.exec(english);
  return quarter ? RU.quarter(quarter[1]) : english;
}
