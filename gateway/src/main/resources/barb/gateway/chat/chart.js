// A chart for results that have a shape worth seeing, drawn as inline SVG without a library: horizontal bars for
// grouped results (by weekday, month, year, variant) and histograms, a line for a series of ten or more dates.
// Other results (one number, a few listed days) get no chart.

import {svg} from './dom.js';
import {columnLabel, formatNumber} from './format.js';

const WIDTH = 640;
const DATE_COLUMNS = ['trade_date', 'date', 'week_start', 'month_start'];
const MAX_BARS = 40;
/** A handful of listed days reads better as the table; a line needs enough points to show a course. */
const MIN_LINE_POINTS = 10;

/** What to draw for a block, or null: {kind: 'bars'|'line', labels, values, valueColumn}. */
export function chartSpec(block, rows) {
  const columns = Array.isArray(block.columns) ? block.columns : [];
  const summary = block.summary ?? {};
  const numeric = column => rows.length > 0 && rows.every(row => typeof row[column] === 'number');
  if (rows.length < 2) {
    return null;
  }
  if (block.operation === 'distribution' && numeric('count') && numeric('bin_from') && numeric('bin_to')) {
    return {
      kind: 'bars', valueColumn: 'count', values: rows.map(row => row.count),
      labels: rows.map(row => formatNumber(row.bin_from) + '–' + formatNumber(row.bin_to)),
    };
  }
  if (summary.type === 'grouped' && typeof summary.by === 'string' && rows.length <= MAX_BARS) {
    const labelColumn = columns.includes(summary.by + '_name') ? summary.by + '_name' : summary.by;
    const valueColumn = [summary.value_name, 'count'].find(c => columns.includes(c) && numeric(c));
    if (valueColumn && columns.includes(labelColumn)) {
      return {
        kind: 'bars', valueColumn, values: rows.map(row => row[valueColumn]),
        labels: rows.map(row => String(row[labelColumn] ?? '')),
      };
    }
  }
  const dateColumn = DATE_COLUMNS.find(c => columns.includes(c));
  if (dateColumn && rows.length >= MIN_LINE_POINTS) {
    const statsColumns = Object.keys(summary.stats ?? {});
    const valueColumn = [summary.value_name, statsColumns.length === 1 ? statsColumns[0] : null, 'close']
      .find(c => c && columns.includes(c) && numeric(c));
    if (valueColumn) {
      const sorted = [...rows].filter(row => typeof row[dateColumn] === 'string')
        .sort((a, b) => a[dateColumn].localeCompare(b[dateColumn]));
      return {
        kind: 'line', valueColumn, values: sorted.map(row => row[valueColumn]),
        labels: sorted.map(row => row[dateColumn]),
      };
    }
  }
  return null;
}

/** The SVG for a spec from chartSpec. */
export function drawChart(spec) {
  return spec.kind === 'bars' ? bars(spec) : line(spec);
}

function bars(spec) {
  const rowHeight = 24;
  const labelWidth = 150;
  const valueWidth = 80;
  const height = spec.values.length * rowHeight + 8;
  const max = Math.max(0, ...spec.values);
  const min = Math.min(0, ...spec.values);
  const span = max - min || 1;
  const plot = WIDTH - labelWidth - valueWidth;
  const zero = labelWidth + ((0 - min) / span) * plot;
  const chart = svg('svg', {
    class: 'chart bars', viewBox: `0 0 ${WIDTH} ${height}`, role: 'img',
    'aria-label': columnLabel(spec.valueColumn),
  });
  spec.values.forEach((value, i) => {
    const y = 4 + i * rowHeight;
    const x = value >= 0 ? zero : zero - ((0 - value) / span) * plot;
    const w = Math.max(1, (Math.abs(value) / span) * plot);
    const label = spec.labels[i];
    chart.appendChild(svg('text', {class: 'label', x: labelWidth - 8, y: y + rowHeight / 2 + 4, 'text-anchor': 'end'},
      label.length > 22 ? label.slice(0, 21) + '…' : label));
    chart.appendChild(svg('rect', {
      class: value < 0 ? 'bar negative' : 'bar', x, y: y + 3, width: w, height: rowHeight - 8,
      'data-label': label, 'data-value': value,
    }, svg('title', {}, label + ': ' + formatNumber(value))));
    chart.appendChild(svg('text', {class: 'value', x: Math.max(x + w, zero) + 6, y: y + rowHeight / 2 + 4},
      formatNumber(value)));
  });
  return chart;
}

function line(spec) {
  const height = 220;
  const left = 64;
  const right = 12;
  const top = 12;
  const bottom = 28;
  const max = Math.max(...spec.values);
  const min = Math.min(...spec.values);
  const span = max - min || 1;
  const n = spec.values.length;
  const xOf = i => left + (n === 1 ? 0 : (i / (n - 1)) * (WIDTH - left - right));
  const yOf = v => top + (1 - (v - min) / span) * (height - top - bottom);
  const chart = svg('svg', {
    class: 'chart line', viewBox: `0 0 ${WIDTH} ${height}`, role: 'img',
    'aria-label': columnLabel(spec.valueColumn),
  });
  chart.appendChild(svg('line', {class: 'axis', x1: left, y1: height - bottom, x2: WIDTH - right, y2: height - bottom}));
  chart.appendChild(svg('text', {class: 'label', x: left - 6, y: yOf(max) + 4, 'text-anchor': 'end'}, formatNumber(max)));
  chart.appendChild(svg('text', {class: 'label', x: left - 6, y: yOf(min) + 4, 'text-anchor': 'end'}, formatNumber(min)));
  chart.appendChild(svg('text', {class: 'label', x: left, y: height - 8}, spec.labels[0]));
  chart.appendChild(svg('text', {class: 'label', x: WIDTH - right, y: height - 8, 'text-anchor': 'end'},
    spec.labels[n - 1]));
  const points = spec.values.map((v, i) => `${xOf(i).toFixed(1)},${yOf(v).toFixed(1)}`).join(' ');
  chart.appendChild(svg('polyline', {class: 'series', points}));
  if (n <= 120) {
    spec.values.forEach((v, i) => chart.appendChild(svg('circle', {
      class: 'point', cx: xOf(i).toFixed(1), cy: yOf(v).toFixed(1), r: 3,
      'data-label': spec.labels[i], 'data-value': v,
    }, svg('title', {}, spec.labels[i] + ': ' + formatNumber(v)))));
  }
  return chart;
}
