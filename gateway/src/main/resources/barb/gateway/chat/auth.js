// Who the page speaks for. In dev mode nobody signs in (the gateway treats every request as its dev user). With
// Supabase the person signs in with email and password at the project's Auth API; the session (access token,
// refresh token, expiry) lives in sessionStorage, so it survives a reload but not the closing of the tab, and
// the access token is refreshed shortly before it expires.

const STORAGE_KEY = 'barb.session';
/** Refresh this long before the token expires, so a request never leaves with a token about to lapse. */
const REFRESH_MARGIN_S = 60;

/** What /config.json says, checked: anything unexpected is treated as "sign-in needed but not possible". */
export function readConfig(raw) {
  if (raw && raw.auth === 'dev') {
    return {auth: 'dev'};
  }
  const url = typeof raw?.supabase_url === 'string' && /^https?:\/\/[^\s/]+/.test(raw.supabase_url)
    ? raw.supabase_url.replace(/\/+$/, '') : null;
  const anonKey = typeof raw?.supabase_anon_key === 'string' && raw.supabase_anon_key !== ''
    ? raw.supabase_anon_key : null;
  return {auth: 'supabase', supabaseUrl: url, anonKey};
}

/** An error from Supabase Auth with its message for people. */
export class AuthError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export class Auth {
  constructor(config) {
    this.config = config;
    this.session = config.auth === 'dev' ? null : loadSession();
    this.refreshing = null;
  }

  get isDev() {
    return this.config.auth === 'dev';
  }

  /** Whether the page can sign people in at all (Supabase URL and anon key configured). */
  get canSignIn() {
    return !this.isDev && this.config.supabaseUrl !== null && this.config.anonKey !== null;
  }

  get signedIn() {
    return this.isDev || this.session !== null;
  }

  get email() {
    return this.session?.email ?? null;
  }

  async signIn(email, password) {
    const body = await this.tokenCall('password', {email, password});
    this.keep(body);
  }

  /** A valid access token, refreshed first when it is about to expire; null in dev mode. */
  async accessToken() {
    if (this.isDev) {
      return null;
    }
    if (this.session === null) {
      throw new AuthError(401, 'not signed in');
    }
    if (this.session.expiresAt - REFRESH_MARGIN_S <= Date.now() / 1000) {
      await this.refresh();
    }
    return this.session.accessToken;
  }

  /** Gets a new access token with the refresh token; one refresh at a time however many requests ask. */
  async refresh() {
    if (this.isDev || this.session === null) {
      throw new AuthError(401, 'not signed in');
    }
    if (this.refreshing === null) {
      const refreshToken = this.session.refreshToken;
      this.refreshing = this.tokenCall('refresh_token', {refresh_token: refreshToken})
        .then(body => this.keep(body))
        .catch(error => {
          // A refused refresh token ends the session; an unreachable service does not.
          if (error.status !== 0) {
            this.forget();
          }
          throw error;
        })
        .finally(() => {
          this.refreshing = null;
        });
    }
    return this.refreshing;
  }

  /** Forgets the session here and tells Supabase (best effort: the tokens are gone from the page either way). */
  signOut() {
    const session = this.session;
    this.forget();
    if (session && this.canSignIn) {
      fetch(this.config.supabaseUrl + '/auth/v1/logout', {
        method: 'POST',
        headers: {apikey: this.config.anonKey, Authorization: 'Bearer ' + session.accessToken},
      }).catch(() => {});
    }
  }

  forget() {
    this.session = null;
    try {
      sessionStorage.removeItem(STORAGE_KEY);
    } catch (e) {
      // storage switched off: the session was only in memory
    }
  }

  async tokenCall(grantType, body) {
    if (!this.canSignIn) {
      throw new AuthError(0, 'sign-in is not configured');
    }
    let response;
    try {
      response = await fetch(this.config.supabaseUrl + '/auth/v1/token?grant_type=' + grantType, {
        method: 'POST',
        headers: {'Content-Type': 'application/json', apikey: this.config.anonKey},
        body: JSON.stringify(body),
      });
    } catch (e) {
      throw new AuthError(0, 'the sign-in service cannot be reached');
    }
    const json = await response.json().catch(() => null);
    if (!response.ok) {
      // Supabase says why in msg (newer), error_description (older) or message.
      const reason = json?.msg ?? json?.error_description ?? json?.message ?? ('HTTP ' + response.status);
      throw new AuthError(response.status, String(reason));
    }
    return json;
  }

  keep(body) {
    const accessToken = body?.access_token;
    const refreshToken = body?.refresh_token;
    if (typeof accessToken !== 'string' || accessToken === '' || typeof refreshToken !== 'string') {
      throw new AuthError(0, 'the sign-in service answered without a session');
    }
    const now = Date.now() / 1000;
    const expiresAt = Number.isFinite(body.expires_at) ? body.expires_at
      : now + (Number.isFinite(body.expires_in) ? body.expires_in : 3600);
    const email = typeof body.user?.email === 'string' ? body.user.email : this.session?.email ?? null;
    this.session = {accessToken, refreshToken, expiresAt, email};
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(this.session));
    } catch (e) {
      // kept in memory only: a reload signs out
    }
  }
}

function loadSession() {
  try {
    const s = JSON.parse(sessionStorage.getItem(STORAGE_KEY));
    if (s && typeof s.accessToken === 'string' && typeof s.refreshToken === 'string'
        && Number.isFinite(s.expiresAt)) {
      return {accessToken: s.accessToken, refreshToken: s.refreshToken, expiresAt: s.expiresAt,
        email: typeof s.email === 'string' ? s.email : null};
    }
  } catch (e) {
    // nothing usable stored
  }
  return null;
}
