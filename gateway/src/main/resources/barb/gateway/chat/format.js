// How values of a result look: numbers in the reader's locale, readable column names, dates.

import {language, t} from './i18n.js';

const COLUMN_NAMES = {
  en: {
    trade_date: 'Date', date: 'Date', weekday: 'Weekday #', weekday_name: 'Weekday', month: 'Month #',
    month_name: 'Month', quarter: 'Quarter', year: 'Year', open: 'Open', high: 'High', low: 'Low', close: 'Close',
    volume: 'Volume', range: 'Range', change: 'Change', change_pct: 'Change %', gap: 'Gap', gap_pct: 'Gap %',
    count: 'Count', pct: '%', bin: 'Bin', bin_from: 'From', bin_to: 'To', variant: 'Variant', session: 'Session',
    period_from: 'From', period_to: 'To', metric: 'Metric', mean_range: 'Average range',
    mean_change_pct: 'Average change %', is_green: 'Green',
  },
  ru: {
    trade_date: 'Дата', date: 'Дата', weekday: '№ дня', weekday_name: 'День недели', month: '№ месяца',
    month_name: 'Месяц', quarter: 'Квартал', year: 'Год', open: 'Открытие', high: 'Максимум', low: 'Минимум',
    close: 'Закрытие', volume: 'Объём', range: 'Диапазон', change: 'Изменение', change_pct: 'Изменение, %',
    gap: 'Гэп', gap_pct: 'Гэп, %', count: 'Количество', pct: '%', bin: 'Интервал', bin_from: 'От', bin_to: 'До',
    variant: 'Вариант', session: 'Сессия', period_from: 'С', period_to: 'По', metric: 'Показатель',
    mean_range: 'Средний диапазон', mean_change_pct: 'Среднее изменение, %', is_green: 'Зелёный',
  },
};

/** Whole numbers that are names rather than amounts: never grouped as 2,024. */
const PLAIN_NUMBER_COLUMNS = new Set(['year', 'bin', 'weekday', 'month', 'quarter', 'hour', 'minute']);

export function columnLabel(name) {
  const known = COLUMN_NAMES[language()]?.[name] ?? COLUMN_NAMES.en[name];
  if (known) {
    return known;
  }
  const words = String(name).replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatNumber(value, column) {
  if (PLAIN_NUMBER_COLUMNS.has(column)) {
    return String(value);
  }
  return new Intl.NumberFormat(language(), {
    maximumFractionDigits: 4,
    // 1,327 and 20,049.25 grouped like the answer text; years and bin numbers are not amounts (above).
    useGrouping: Math.abs(value) >= 1000,
  }).format(value);
}

/** A cell as text: numbers localised, lists and objects as JSON, nothing for null. */
export function formatCell(value, column) {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'number') {
    return formatNumber(value, column);
  }
  if (typeof value === 'object') {
    return JSON.stringify(value);
  }
  return String(value);
}

/** "14:05" today, else a short date, in the reader's language. */
export function formatWhen(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) {
    return '';
  }
  const now = new Date();
  const sameDay = when.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(language(), sameDay ? {timeStyle: 'short'} : {dateStyle: 'medium'}).format(when);
}

export function formatDuration(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    return '';
  }
  if (ms < 1000) {
    return t('milliseconds', {n: new Intl.NumberFormat(language()).format(Math.round(ms))});
  }
  return t('seconds', {n: new Intl.NumberFormat(language(), {maximumFractionDigits: 1}).format(ms / 1000)});
}
