// Building the page from data. Everything that came from the server or the user is set as text (or as an
// attribute value), never parsed as HTML, so an answer can never inject markup or script.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * An element: el('button', {class: 'x', type: 'button', onclick: fn}, 'text', child…).
 * Attributes whose value is null, undefined or false are left out; true sets an empty attribute.
 */
export function el(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** The same for SVG elements. */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

function fill(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else {
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(node, children);
  return node;
}

/** Appends strings (as text), nodes and arrays of them; skips null and false. */
export function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    if (Array.isArray(child)) {
      append(node, child);
    } else if (child instanceof Node) {
      node.appendChild(child);
    } else {
      node.appendChild(document.createTextNode(String(child)));
    }
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) {
    node.removeChild(node.firstChild);
  }
  return node;
}

export function byId(id) {
  const node = document.getElementById(id);
  if (!node) {
    throw new Error('the page has no #' + id);
  }
  return node;
}

/** Copies text to the clipboard; false when the browser refused. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    // Without a secure context (http on another machine) the async clipboard is missing: the old way still works.
    const area = el('textarea', {class: 'offscreen', 'aria-hidden': 'true'});
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
