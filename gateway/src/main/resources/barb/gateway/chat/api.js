// Barb's HTTP API as the page uses it: the user's token on every call (refreshed once on a 401), JSON errors
// turned into ApiError, and which of the newer routes this server has. The routes of the API contract that came
// after the first release (rename, delete, feedback, rows, usage, cancel, resume) are used only when the server's
// /openapi.json lists them, and a control is hidden for good when its route answers 405 or "no such route": the
// page works against servers with and without them.

/** Optional routes by the control that needs them: method and path with {} for each path parameter. */
const FEATURES = {
  renameChat: ['patch', '/chats/{}'],
  deleteChat: ['delete', '/chats/{}'],
  feedback: ['post', '/requests/{}/feedback'],
  rows: ['get', '/requests/{}/rows'],
  usage: ['get', '/chats/{}/usage'],
  cancel: ['post', '/requests/{}/cancel'],
  resume: ['get', '/requests/{}/events'],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Chat and request ids are UUIDs; nothing else from outside is put into a path. */
export function isUuid(value) {
  return typeof value === 'string' && UUID.test(value);
}

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export class Api {
  /** @param onSignedOut called when the server refuses the session even after a refresh */
  constructor(auth, onSignedOut) {
    this.auth = auth;
    this.onSignedOut = onSignedOut;
    this.features = new Set();
  }

  /** Reads which optional routes exist from /openapi.json; without that document, none of them. */
  async loadFeatures() {
    this.features.clear();
    let doc;
    try {
      const response = await this.fetch('GET', '/openapi.json');
      if (!response.ok) {
        return;
      }
      doc = await response.json();
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        throw e;
      }
      return;
    }
    const listed = new Set();
    for (const [path, item] of Object.entries(doc?.paths ?? {})) {
      for (const method of Object.keys(item ?? {})) {
        listed.add(method.toLowerCase() + ' ' + path.replace(/\{[^}]*}/g, '{}'));
      }
    }
    for (const [feature, [method, path]] of Object.entries(FEATURES)) {
      if (listed.has(method + ' ' + path)) {
        this.features.add(feature);
      }
    }
  }

  has(feature) {
    return this.features.has(feature);
  }

  /**
   * A response for the call, with the user's token. A 401 is retried once with a refreshed token; when the
   * session cannot be renewed the page is told (onSignedOut) and an ApiError 401 is thrown.
   */
  async fetch(method, path, {body, headers = {}, signal} = {}) {
    let response = await this.send(method, path, body, headers, signal);
    if (response.status === 401 && !this.auth.isDev) {
      await this.renew();
      response = await this.send(method, path, body, headers, signal);
      if (response.status === 401) {
        this.auth.forget();
        this.onSignedOut();
      }
    }
    return response;
  }

  async send(method, path, body, headers, signal) {
    const h = {...headers};
    const token = await this.tokenOrSignOut(() => this.auth.accessToken());
    if (token) {
      h.Authorization = 'Bearer ' + token;
    }
    if (body !== undefined) {
      h['Content-Type'] = 'application/json';
    }
    try {
      return await fetch(path, {method, headers: h, body: body === undefined ? undefined : JSON.stringify(body),
        signal});
    } catch (e) {
      if (e?.name === 'AbortError') {
        throw e;
      }
      throw new ApiError(0, 'network', e?.message ?? 'network error');
    }
  }

  async renew() {
    await this.tokenOrSignOut(() => this.auth.refresh());
  }

  /** The token call's result; a refused session signs out, an unreachable Auth service is a network error. */
  async tokenOrSignOut(call) {
    try {
      return await call();
    } catch (e) {
      if (e?.status === 0) {
        throw new ApiError(0, 'network', e.message);
      }
      this.onSignedOut();
      throw new ApiError(401, 'unauthorized', e?.message ?? 'not signed in');
    }
  }

  /** The JSON answer (null for 204), or an ApiError with the server's code and message. */
  async json(method, path, body) {
    const response = await this.fetch(method, path, {body});
    if (!response.ok) {
      throw await errorOf(response);
    }
    return response.status === 204 ? null : response.json();
  }

  /**
   * A call to an optional route. When the server turns out not to have it (405, or 404 "no such route"), the
   * feature is switched off and the error's code is not_available, so the caller hides the control.
   */
  async optional(feature, method, path, body) {
    try {
      return await this.json(method, path, body);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 405 || (e.status === 404 && /^no such route/.test(e.message)))) {
        this.features.delete(feature);
        throw new ApiError(e.status, 'not_available', e.message);
      }
      throw e;
    }
  }
}

/** The gateway answers {"error": code, "message": text}; anything else still becomes a readable error. */
export async function errorOf(response) {
  const body = await response.json().catch(() => null);
  const code = typeof body?.error === 'string' ? body.error : 'http_' + response.status;
  const message = typeof body?.message === 'string' ? body.message : 'HTTP ' + response.status;
  return new ApiError(response.status, code, message);
}
