// One data block of an answer: the result table (sortable, with how many rows there really are), a chart when
// the result has a shape, the source rows behind the numbers on demand, and the SQL that ran.

import {el, append, clear, copyText} from './dom.js';
import {t} from './i18n.js';
import {columnLabel, formatCell} from './format.js';
import {chartSpec, drawChart} from './chart.js';
import {ApiError} from './api.js';

/** Most rows put into one table: beyond this the page would get slow, and the count still says how many. */
const MAX_SHOWN_ROWS = 5000;
const ROWS_PAGE = 1000;

/**
 * Stored payloads shorten long lists to their first items plus {"truncated": true, "shown": n, "total": N}:
 * the rows, and how many there were.
 */
export function splitRows(list) {
  const rows = [];
  let total = null;
  for (const row of Array.isArray(list) ? list : []) {
    if (row && typeof row === 'object' && row.truncated === true && Number.isFinite(row.total)) {
      total = row.total;
    } else if (row && typeof row === 'object') {
      rows.push(row);
    }
  }
  return {rows, total: total ?? rows.length};
}

/**
 * How many rows the result really has. A list's table is capped (at 1000) with the true number in
 * source_row_count (its evidence is the table itself); other results keep their whole table.
 */
export function trueRowCount(block, tableTotal) {
  const sourceRows = Array.isArray(block.source_rows) ? block.source_rows.length : 0;
  if (sourceRows === 0 && Number.isFinite(block.source_row_count) && block.source_row_count > tableTotal) {
    return block.source_row_count;
  }
  return tableTotal;
}

export class DataBlockView {
  /**
   * @param block      the data_block payload (seed 001 result shape)
   * @param api        for the full rows, when the server has GET /requests/{id}/rows
   * @param requestId  the request that produced it
   * @param blockIndex its place among the request's results
   */
  constructor(block, {api, requestId, blockIndex}) {
    this.block = block;
    this.api = api;
    this.requestId = requestId;
    this.blockIndex = blockIndex;
    const table = splitRows(block.table);
    this.columns = Array.isArray(block.columns) && block.columns.length > 0 ? block.columns.map(String)
      : columnsOf(table.rows);
    this.rows = table.rows;
    this.total = trueRowCount(block, table.total);
    this.sort = {column: null, descending: false};
    this.element = el('section', {class: 'data-block', 'data-plan-id': block.plan_id ?? ''});
    this.render();
  }

  render() {
    clear(this.element);
    const spec = chartSpec(this.block, this.rows);
    this.tbody = el('tbody');
    this.headRow = el('tr');
    append(this.element, [
      this.header(),
      spec ? el('figure', {class: 'chart-frame'}, drawChart(spec)) : null,
      el('div', {class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': t('rows', {n: this.total})},
        el('table', {class: 'result-table'}, el('thead', {}, this.headRow), this.tbody)),
      this.moreRows(),
      this.sourceRows(),
      this.sql()]);
    this.fillHead();
    this.fillBody();
  }

  header() {
    const meta = this.block.metadata ?? {};
    const facts = [];
    if (meta.data_source === 'synthetic' || meta.data_source === 'imported') {
      facts.push(t(meta.data_source));
    }
    if (typeof meta.session === 'string' && meta.session) {
      facts.push(meta.session);
    }
    if (typeof meta.period_from === 'string' && typeof meta.period_to === 'string') {
      facts.push(meta.period_from + ' – ' + meta.period_to);
    }
    const copyButton = el('button', {type: 'button', class: 'small', onclick: () => this.copy(copyButton)},
      t('copyTable'));
    return el('div', {class: 'block-head'},
      el('span', {class: 'block-facts'},
        el('strong', {class: 'row-count'}, t('rows', {n: this.total})),
        facts.length ? el('span', {class: 'muted'}, ' · ' + facts.join(' · ')) : null),
      copyButton);
  }

  fillHead() {
    clear(this.headRow);
    for (const column of this.columns) {
      const button = el('button', {type: 'button', class: 'sort', onclick: () => this.sortBy(column)},
        columnLabel(column), el('span', {class: 'sort-mark', 'aria-hidden': 'true'}));
      this.headRow.appendChild(el('th', {
        scope: 'col', 'data-column': column, class: isNumericColumn(this.rows, column) ? 'num' : null,
        'aria-sort': 'none',
      }, button));
    }
  }

  /** The headers say which column the rows are sorted by, and which way. */
  markSort() {
    for (const th of this.headRow.children) {
      const sorted = th.dataset.column === this.sort.column;
      const direction = this.sort.descending ? 'descending' : 'ascending';
      th.setAttribute('aria-sort', sorted ? direction : 'none');
      th.querySelector('.sort-mark').textContent = sorted ? (this.sort.descending ? ' ▼' : ' ▲') : '';
    }
  }

  fillBody() {
    clear(this.tbody);
    const numeric = new Set(this.columns.filter(c => isNumericColumn(this.rows, c)));
    for (const row of this.rows) {
      this.tbody.appendChild(el('tr', {}, this.columns.map(c =>
        el('td', {class: numeric.has(c) ? 'num' : null}, formatCell(row[c], c)))));
    }
  }

  /** First click ascending, second descending; empty cells always last. */
  sortBy(column) {
    this.sort = {column, descending: this.sort.column === column ? !this.sort.descending : false};
    const direction = this.sort.descending ? -1 : 1;
    this.rows = [...this.rows].sort((a, b) => compareCells(a[column], b[column], direction));
    this.markSort();
    this.fillBody();
  }

  moreRows() {
    if (this.rows.length >= this.total) {
      return null;
    }
    const note = el('span', {}, t('showingRows', {shown: this.rows.length, total: this.total}));
    const canLoad = this.api?.has('rows') && this.requestId && Number.isInteger(this.blockIndex);
    const button = canLoad ? el('button', {type: 'button', class: 'small', onclick: () => this.loadAll(button, note)},
      t('showAllRows')) : null;
    return el('p', {class: 'more-rows muted'}, note, ' ', button);
  }

  async loadAll(button, note) {
    button.disabled = true;
    note.textContent = t('loadingRows');
    const loaded = [];
    try {
      let total = this.total;
      while (loaded.length < Math.min(total, MAX_SHOWN_ROWS)) {
        const page = await this.api.optional('rows', 'GET', `/requests/${encodeURIComponent(this.requestId)}/rows`
          + `?block=${this.blockIndex}&offset=${loaded.length}&limit=${ROWS_PAGE}`);
        const columns = Array.isArray(page?.columns) ? page.columns.map(String) : this.columns;
        const rows = Array.isArray(page?.rows) ? page.rows : [];
        if (rows.length === 0) {
          break;
        }
        rows.forEach(cells => loaded.push(Object.fromEntries(columns.map((c, i) => [c, cells?.[i] ?? null]))));
        total = Number.isFinite(page.total) ? page.total : total;
        this.columns = columns;
      }
      this.rows = loaded;
      this.total = Math.max(this.total, loaded.length);
      this.render();
    } catch (e) {
      button.disabled = false;
      note.textContent = e instanceof ApiError && e.code === 'not_available' ? t('notAvailable')
        : t('error', {message: e.message});
      if (e instanceof ApiError && e.code === 'not_available') {
        button.remove();
      }
    }
  }

  sourceRows() {
    const source = splitRows(this.block.source_rows);
    const count = Number.isFinite(this.block.source_row_count) ? this.block.source_row_count : source.total;
    if (source.rows.length === 0) {
      return null;
    }
    const panel = el('div', {class: 'source-rows', hidden: true});
    const toggle = el('button', {type: 'button', class: 'small source-toggle', 'aria-expanded': 'false'},
      t('sourceRows', {n: count}));
    toggle.addEventListener('click', () => {
      const open = panel.hidden;
      if (open && !panel.firstChild) {
        panel.append(el('p', {class: 'muted'}, t('sourceRowsNote'),
          source.rows.length < count ? ' ' + t('showingRows', {shown: source.rows.length, total: count}) : ''),
        sourceTable(source.rows));
      }
      panel.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      toggle.textContent = open ? t('hideSourceRows') : t('sourceRows', {n: count});
    });
    return el('div', {class: 'source'}, toggle, panel);
  }

  sql() {
    const meta = this.block.metadata ?? {};
    if (typeof meta.sql !== 'string' || meta.sql === '') {
      return null;
    }
    const params = Array.isArray(meta.params) && meta.params.length ? JSON.stringify(meta.params) : null;
    return el('details', {class: 'sql'},
      el('summary', {}, t('sql')),
      el('pre', {}, el('code', {}, meta.sql)),
      params ? el('p', {class: 'muted'}, t('sqlParams', {params})) : null);
  }

  async copy(button) {
    const lines = [this.columns.join('\t')];
    for (const row of this.rows) {
      lines.push(this.columns.map(c => (row[c] === null || row[c] === undefined ? '' : String(row[c]))).join('\t'));
    }
    flash(button, await copyText(lines.join('\n')) ? t('copied') : t('copyFailed'), t('copyTable'));
  }
}

/** Shows a short confirmation on a button, then its label again. */
export function flash(button, message, label) {
  button.textContent = message;
  setTimeout(() => {
    button.textContent = label;
  }, 1500);
}

function sourceTable(rows) {
  const columns = columnsOf(rows);
  return el('div', {class: 'table-wrap', tabindex: '0'},
    el('table', {class: 'result-table source-table'},
      el('thead', {}, el('tr', {}, columns.map(c => el('th', {scope: 'col'}, columnLabel(c))))),
      el('tbody', {}, rows.map(row => el('tr', {}, columns.map(c =>
        el('td', {class: typeof row[c] === 'number' ? 'num' : null}, formatCell(row[c], c))))))));
}

function columnsOf(rows) {
  const columns = [];
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!columns.includes(key)) {
        columns.push(key);
      }
    }
  }
  return columns;
}

function isNumericColumn(rows, column) {
  return rows.some(row => typeof row[column] === 'number')
    && rows.every(row => row[column] === null || row[column] === undefined || typeof row[column] === 'number');
}

function compareCells(a, b, direction) {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) {
    return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    return (a - b) * direction;
  }
  return String(a).localeCompare(String(b), undefined, {numeric: true}) * direction;
}
