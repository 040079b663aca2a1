// Reads a text/event-stream response body as it arrives. EventSource cannot POST, so the page reads the stream of
// POST /chat/stream (and GET /requests/{id}/events) through fetch and parses the lines itself, following the
// WHATWG rules: "event:", "data:" (several are joined by newlines), "id:", comments starting with ":", and an
// empty line ending each event.

/**
 * Calls onEvent({name, id, data}) for each event, data parsed as JSON (an event whose data is not JSON is
 * skipped). Resolves when the server ends the stream; rejects when the connection breaks or signal aborts.
 */
export async function readEvents(response, onEvent, signal) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let event = emptyEvent();
  const abort = () => reader.cancel().catch(() => {});
  signal?.addEventListener('abort', abort);
  try {
    while (true) {
      const {value, done} = await reader.read();
      if (done) {
        break;
      }
      buffer += decoder.decode(value, {stream: true});
      let newline;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        event = readLine(line, event, onEvent);
      }
    }
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  if (signal?.aborted) {
    throw new DOMException('aborted', 'AbortError');
  }
}

function emptyEvent() {
  return {name: 'message', id: null, data: []};
}

function readLine(line, event, onEvent) {
  if (line === '') {
    dispatch(event, onEvent);
    return emptyEvent();
  }
  if (line.startsWith(':')) {
    return event; // a heartbeat or keep-alive comment
  }
  const colon = line.indexOf(':');
  const field = colon < 0 ? line : line.slice(0, colon);
  let value = colon < 0 ? '' : line.slice(colon + 1);
  if (value.startsWith(' ')) {
    value = value.slice(1);
  }
  if (field === 'event') {
    event.name = value;
  } else if (field === 'data') {
    event.data.push(value);
  } else if (field === 'id') {
    event.id = value;
  }
  return event;
}

function dispatch(event, onEvent) {
  if (event.data.length === 0) {
    return;
  }
  let data;
  try {
    data = JSON.parse(event.data.join('\n'));
  } catch (e) {
    console.warn('skipped an event whose data is not JSON:', event.name);
    return;
  }
  onEvent({name: event.name, id: event.id, data});
}
