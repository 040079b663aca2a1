// The small part of Markdown Barb's answers use: paragraphs, "- " lists, pipe tables, **bold** and `code`.
// Built as DOM nodes with text content only: there is no HTML in an answer, whatever it contains.

import {el} from './dom.js';

/** A fragment of block elements for the answer text. */
export function renderMarkdown(text) {
  const fragment = document.createDocumentFragment();
  const lines = String(text ?? '').split(/\r\n|\r|\n/);
  let i = 0;
  while (i < lines.length) {
    const line = lines[i].trim();
    if (line === '') {
      i++;
    } else if (isTableLine(line)) {
      const rows = [];
      while (i < lines.length && isTableLine(lines[i].trim())) {
        rows.push(lines[i].trim());
        i++;
      }
      fragment.appendChild(table(rows));
    } else if (isListLine(line)) {
      const list = el('ul');
      while (i < lines.length && isListLine(lines[i].trim())) {
        list.appendChild(el('li', {}, inline(lines[i].trim().slice(2))));
        i++;
      }
      fragment.appendChild(list);
    } else {
      const paragraph = el('p');
      let first = true;
      while (i < lines.length && lines[i].trim() !== '' && !isTableLine(lines[i].trim())
          && !isListLine(lines[i].trim())) {
        if (!first) {
          paragraph.appendChild(el('br'));
        }
        paragraph.appendChild(inline(lines[i].trim()));
        first = false;
        i++;
      }
      fragment.appendChild(paragraph);
    }
  }
  return fragment;
}

function isTableLine(line) {
  return line.startsWith('|') && line.endsWith('|') && line.length > 1;
}

function isListLine(line) {
  return /^[-*•] /.test(line);
}

function cells(line) {
  return line.slice(1, -1).split('|').map(cell => cell.trim());
}

function table(rows) {
  const separator = rows.length > 1 && /^\|[\s:|-]+\|$/.test(rows[1]);
  const head = separator ? cells(rows[0]) : null;
  const body = rows.slice(separator ? 2 : 0).map(cells);
  return el('div', {class: 'table-wrap'},
    el('table', {class: 'answer-table'},
      head ? el('thead', {}, el('tr', {}, head.map(cell => el('th', {scope: 'col'}, inline(cell))))) : null,
      el('tbody', {}, body.map(row => el('tr', {}, row.map(cell => el('td', {}, inline(cell))))))));
}

/** **bold** and `code` inside a line; everything else stays text. */
function inline(text) {
  const fragment = document.createDocumentFragment();
  const pattern = /\*\*([^*]+)\*\*|`([^`]+)`/g;
  let last = 0;
  let match;
  while ((match = pattern.exec(text)) !== null) {
    fragment.appendChild(document.createTextNode(text.slice(last, match.index)));
    fragment.appendChild(match[1] !== undefined ? el('strong', {}, match[1]) : el('code', {}, match[2]));
    last = pattern.lastIndex;
  }
  fragment.appendChild(document.createTextNode(text.slice(last)));
  return fragment;
}
