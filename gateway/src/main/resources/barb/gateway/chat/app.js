// The chat page's wiring: sign-in (or dev mode), the chat list, one open chat, asking with the answer streaming
// in, and the optional controls (rename, delete, stop, usage) the server may or may not have.

import {byId, el, clear} from './dom.js';
import {t, initialLanguage, setLanguage, language, onLanguageChange} from './i18n.js';
import {Auth, readConfig} from './auth.js';
import {Api, ApiError, errorOf, isUuid} from './api.js';
import {readEvents} from './sse.js';
import {ChatList, readChats} from './chatlist.js';
import {AnswerView, questionView} from './conversation.js';

/** The request being answered, kept across a reload so its stream can be picked up again. */
const INFLIGHT_KEY = 'barb.inflight';
const MAX_TITLE_CHARS = 200;
const RESUME_ATTEMPTS = 3;

class ChatApp {
  constructor() {
    this.auth = null;
    this.api = null;
    this.chatId = null;      // the open chat; null while a new chat has not been answered yet
    this.answers = [];       // the open chat's answers, to retire clarifying options once it moves on
    this.streaming = null;   // the request being answered: {controller, view, requestId, lastEventId, chatId, done}
    this.entered = false;
    this.opening = 0;        // counts chat openings: a slow answer for an earlier one is dropped
    this.chatList = new ChatList(byId('chat-list'), byId('chat-list-empty'), id => this.openChat(id));
  }

  async start() {
    setLanguage(initialLanguage());
    this.wire();
    let config;
    try {
      const response = await fetch('/config.json');
      config = readConfig(response.ok ? await response.json() : null);
    } catch (e) {
      this.showSignIn(t('error', {message: e.message}));
      return;
    }
    this.auth = new Auth(config);
    this.api = new Api(this.auth, () => this.signedOut());
    if (this.auth.signedIn) {
      await this.enter();
    } else {
      this.showSignIn(null);
    }
  }

  wire() {
    byId('sign-in-form').addEventListener('submit', e => {
      e.preventDefault();
      this.signIn();
    });
    byId('sign-out').addEventListener('click', () => {
      this.auth.signOut();
      this.signedOut(null);
    });
    document.querySelectorAll('[data-lang]').forEach(button =>
      button.addEventListener('click', () => setLanguage(button.dataset.lang)));
    onLanguageChange(() => this.languageChanged());
    this.markLanguage();
    byId('menu-button').addEventListener('click', () => this.toggleSidebar());
    byId('new-chat').addEventListener('click', () => this.newChat());
    byId('composer').addEventListener('submit', e => {
      e.preventDefault();
      this.ask(byId('message').value);
    });
    const message = byId('message');
    message.addEventListener('keydown', e => {
      // Enter sends, Shift+Enter is a new line; Enter that confirms an IME composition is neither.
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        this.ask(message.value);
      }
    });
    message.addEventListener('input', () => grow(message));
    byId('stop').addEventListener('click', () => this.stop());
    byId('rename-chat').addEventListener('click', () => this.startRename());
    byId('rename-form').addEventListener('submit', e => {
      e.preventDefault();
      this.rename();
    });
    byId('rename-cancel').addEventListener('click', () => this.endRename());
    byId('rename-input').addEventListener('keydown', e => {
      if (e.key === 'Escape') {
        this.endRename();
      }
    });
    byId('delete-chat').addEventListener('click', () => this.deleteChat());
    document.addEventListener('keydown', e => {
      if (e.key === 'Escape' && document.body.classList.contains('sidebar-open')) {
        this.toggleSidebar(false);
      }
    });
    window.addEventListener('hashchange', () => {
      const id = chatIdInHash();
      if (this.entered && id !== this.chatId) {
        id ? this.openChat(id) : this.newChat();
      }
    });
  }

  // ---- signing in -------------------------------------------------------------------------------------------

  showSignIn(message) {
    this.entered = false;
    byId('workspace').hidden = true;
    byId('sign-in').hidden = false;
    const possible = this.auth?.canSignIn ?? false;
    byId('sign-in-form').hidden = !possible;
    byId('sign-in-unavailable').hidden = possible;
    if (!possible && message) {
      byId('sign-in-unavailable').textContent = message;
    }
    this.showUser();
    const error = byId('sign-in-error');
    error.textContent = message ?? '';
    error.hidden = !message;
    if (possible) {
      byId('email').focus();
    }
  }

  async signIn() {
    const email = byId('email').value.trim();
    const password = byId('password').value;
    const error = byId('sign-in-error');
    if (!email || !password) {
      error.textContent = t('signInFailed', {message: !email ? t('email') : t('password')});
      error.hidden = false;
      return;
    }
    const button = byId('sign-in-button');
    button.disabled = true;
    button.textContent = t('signingIn');
    try {
      await this.auth.signIn(email, password);
      byId('password').value = '';
      await this.enter();
    } catch (e) {
      error.textContent = t('signInFailed', {message: e.message});
      error.hidden = false;
    } finally {
      button.disabled = false;
      button.textContent = t('signIn');
    }
  }

  /** The session is over (signed out here, or refused by the server): back to the sign-in form. */
  signedOut(message = t('sessionEnded')) {
    if (!this.entered) {
      return;
    }
    this.streaming?.controller.abort();
    clear(byId('messages'));
    this.chatList.render([], null);
    this.chatId = null;
    this.showSignIn(this.auth.isDev ? null : message);
  }

  showUser() {
    const dev = this.auth?.isDev ?? false;
    byId('dev-badge').hidden = !dev;
    byId('dev-badge').title = t('devModeTitle');
    const email = this.entered && !dev ? this.auth.email : null;
    byId('user-email').textContent = email ?? '';
    byId('user-email').hidden = !email;
    byId('sign-out').hidden = !this.entered || dev;
  }

  async enter() {
    this.entered = true;
    byId('sign-in').hidden = true;
    byId('workspace').hidden = false;
    this.showUser();
    this.composerReady(false);
    try {
      await this.api.loadFeatures();
      await this.refreshChats();
    } catch (e) {
      this.notice(e);
      this.composerReady(true);
      return;
    }
    const inflight = readInflight();
    const id = chatIdInHash() ?? inflight?.chatId ?? null;
    if (id) {
      await this.openChat(id);
    } else {
      this.newChat();
    }
    if (inflight && this.api.has('resume') && inflight.chatId === this.chatId) {
      this.resumeAfterReload(inflight);
    } else {
      forgetInflight();
    }
  }

  // ---- chats ------------------------------------------------------------------------------------------------

  async refreshChats() {
    const chats = readChats(await this.api.json('GET', '/chats'));
    this.chatList.render(chats, this.chatId);
  }

  newChat() {
    this.leaveStream();
    this.opening++;
    this.chatId = null;
    this.answers = [];
    setHash(null);
    clear(byId('messages'));
    this.showTitle(null);
    this.showWelcome(true);
    this.chatList.render(this.chatList.chats, null);
    this.toggleSidebar(false);
    this.composerReady(true);
  }

  async openChat(id) {
    if (!isUuid(id)) {
      this.newChat();
      return;
    }
    this.leaveStream();
    const opening = ++this.opening;
    this.chatId = id;
    this.answers = [];
    setHash(id);
    this.showWelcome(false);
    this.hideNotice();
    this.chatList.render(this.chatList.chats, id);
    this.showTitle(this.chatList.title(id));
    this.toggleSidebar(false);
    const messages = clear(byId('messages'));
    // Nothing can be asked in this chat before its earlier messages are in place.
    this.composerReady(false);
    let stored;
    try {
      stored = await this.api.json('GET', `/chats/${id}/messages?limit=100`);
    } catch (e) {
      if (opening !== this.opening) {
        return;
      }
      if (e instanceof ApiError && e.status === 404) {
        this.newChat();
        this.notice(t('noSuchChat'));
      } else {
        this.notice(e);
      }
      this.composerReady(true);
      return;
    }
    if (opening !== this.opening) {
      return; // another chat (or this one again) was opened meanwhile; that opening draws it
    }
    const list = Array.isArray(stored) ? stored : [];
    const inflight = readInflight();
    list.forEach((message, i) => {
      if (inflight && message.request_id === inflight.requestId && message.response == null) {
        return; // still being answered: the resumed stream shows it
      }
      messages.appendChild(questionView(String(message.question ?? '')));
      const view = AnswerView.fromStored(message, {
        api: this.api, onClarify: option => this.ask(option), isLast: i === list.length - 1,
      });
      this.answers.push(view);
      messages.appendChild(view.element);
    });
    scrollToEnd(true);
    this.showUsage();
    this.composerReady(true);
  }

  /** The question box is usable only when a question can go to the chat on screen. */
  composerReady(ready) {
    byId('message').disabled = !ready;
    byId('send').disabled = !ready || this.streaming !== null;
    if (ready) {
      focusMessage();
    }
  }

  showTitle(title) {
    byId('chat-title').textContent = title ?? t('newChat');
    const open = this.chatId !== null;
    byId('rename-chat').hidden = !(open && this.api.has('renameChat'));
    byId('delete-chat').hidden = !(open && this.api.has('deleteChat'));
    byId('chat-usage').hidden = true;
    this.endRename();
  }

  showWelcome(show) {
    const welcome = byId('welcome');
    welcome.hidden = !show;
    const examples = clear(byId('examples'));
    for (const example of t('examples')) {
      examples.appendChild(el('button', {type: 'button', class: 'example', onclick: () => this.ask(example)},
        example));
    }
  }

  startRename() {
    byId('chat-title').hidden = true;
    byId('rename-form').hidden = false;
    const input = byId('rename-input');
    input.value = this.chatList.title(this.chatId) ?? '';
    input.focus();
    input.select();
  }

  endRename() {
    byId('rename-form').hidden = true;
    byId('chat-title').hidden = false;
  }

  async rename() {
    const title = byId('rename-input').value.trim();
    if (title.length < 1 || title.length > MAX_TITLE_CHARS || !this.chatId) {
      return;
    }
    try {
      await this.api.optional('renameChat', 'PATCH', `/chats/${this.chatId}`, {title});
      this.endRename();
      await this.refreshChats();
      this.showTitle(this.chatList.title(this.chatId) ?? title);
      this.showUsage();
    } catch (e) {
      this.endRename();
      this.showTitle(this.chatList.title(this.chatId));
      this.notice(e);
    }
  }

  async deleteChat() {
    const id = this.chatId;
    if (!id || !window.confirm(t('confirmDelete', {title: this.chatList.title(id) ?? t('untitled')}))) {
      return;
    }
    try {
      await this.api.optional('deleteChat', 'DELETE', `/chats/${id}`);
      this.newChat();
      await this.refreshChats();
    } catch (e) {
      this.showTitle(this.chatList.title(id));
      this.notice(e);
    }
  }

  async showUsage() {
    const usage = byId('chat-usage');
    usage.hidden = true;
    const id = this.chatId;
    if (!id || !this.api.has('usage')) {
      return;
    }
    try {
      const u = await this.api.optional('usage', 'GET', `/chats/${id}/usage`);
      if (this.chatId !== id || !u) {
        return;
      }
      const tokens = (Number(u.input_tokens) || 0) + (Number(u.output_tokens) || 0);
      const params = {
        requests: t('requests', {n: Number(u.requests) || 0}),
        tokens: new Intl.NumberFormat(language()).format(tokens),
        cost: new Intl.NumberFormat(language(), {maximumFractionDigits: 4}).format(Number(u.cost_usd) || 0),
      };
      usage.textContent = Number(u.cost_usd) > 0 ? t('usageCost', params) : t('usage', params);
      usage.hidden = false;
    } catch (e) {
      // usage is a nicety: without it the chat works the same
    }
  }

  // ---- asking -----------------------------------------------------------------------------------------------

  async ask(raw) {
    const text = String(raw ?? '').trim();
    if (!text || this.streaming || byId('message').disabled) {
      return;
    }
    byId('message').value = '';
    grow(byId('message'));
    this.hideNotice();
    this.showWelcome(false);
    this.answers.forEach(view => view.retireOptions());
    const messages = byId('messages');
    messages.appendChild(questionView(text));
    const view = this.newAnswer();
    scrollToEnd(true);
    const body = this.chatId ? {message: text, chat_id: this.chatId} : {message: text};
    const stream = this.beginStream(view, text);
    try {
      const response = await this.api.fetch('POST', '/chat/stream',
        {body, headers: {Accept: 'text/event-stream'}, signal: stream.controller.signal});
      if (!response.ok) {
        const error = await errorOf(response);
        view.interrupt(error.status === 409 ? t('chatBusy') : t('error', {message: error.message}));
        return;
      }
      await this.follow(response, stream, 0);
    } catch (e) {
      if (e?.name !== 'AbortError') {
        view.interrupt(t('error', {message: e.message}));
      }
    } finally {
      this.endStream(stream);
    }
  }

  newAnswer() {
    const view = new AnswerView({api: this.api, onClarify: option => this.ask(option)});
    this.answers.push(view);
    byId('messages').appendChild(view.element);
    return view;
  }

  beginStream(view, question) {
    const stream = {controller: new AbortController(), view, question, requestId: null, lastEventId: null,
      chatId: this.chatId, done: false};
    this.streaming = stream;
    byId('send').disabled = true;
    byId('stop').hidden = !this.api.has('cancel');
    byId('stop').disabled = false;
    return stream;
  }

  endStream(stream) {
    if (this.streaming === stream) {
      this.streaming = null;
    }
    byId('send').disabled = byId('message').disabled;
    byId('stop').hidden = true;
    if (stream.done) {
      forgetInflight();
    }
    if (!byId('message').disabled) {
      focusMessage();
    }
  }

  /** Stops reading the open stream (another chat was picked): the request goes on and is stored in its chat. */
  leaveStream() {
    if (this.streaming) {
      this.streaming.controller.abort();
      this.streaming = null;
    }
  }

  /** Relays the stream's events into the answer; a stream that breaks before done is resumed when possible. */
  async follow(response, stream, attempt) {
    try {
      await readEvents(response, event => this.onEvent(event, stream), stream.controller.signal);
    } catch (e) {
      if (e?.name === 'AbortError') {
        throw e;
      }
      // the connection broke: handled below like a stream that ended early
    }
    if (stream.done) {
      return;
    }
    if (!(this.api.has('resume') && stream.requestId && attempt < RESUME_ATTEMPTS)) {
      stream.view.interrupt(t('connectionLost'));
      this.offerReload(stream.view);
      return;
    }
    this.notice(t('reconnecting'));
    await delay(1000 * 2 ** attempt, stream.controller.signal);
    const resumed = await this.api.fetch('GET', `/requests/${stream.requestId}/events`, {
      headers: {Accept: 'text/event-stream', 'Last-Event-ID': stream.lastEventId ?? stream.requestId + ':0'},
      signal: stream.controller.signal,
    });
    this.hideNotice();
    if (!resumed.ok) {
      stream.view.interrupt(t('connectionLost'));
      this.offerReload(stream.view);
      return;
    }
    await this.follow(resumed, stream, attempt + 1);
  }

  onEvent(event, stream) {
    // Event ids are <request_id>:<n>; the request id names the request in the newer routes' paths.
    const match = typeof event.id === 'string' ? /^([0-9a-fA-F-]{36}):(\d+)$/.exec(event.id) : null;
    if (match && isUuid(match[1])) {
      stream.lastEventId = event.id;
      stream.requestId ??= match[1].toLowerCase();
      saveInflight(stream);
    }
    const nearEnd = isNearEnd();
    stream.view.handle(event.name, event.data);
    if (event.name === 'done') {
      stream.done = true;
      forgetInflight();
    } else if (event.name === 'chat' && isUuid(event.data?.chat_id)) {
      const title = typeof event.data.title === 'string' && event.data.title.trim() ? event.data.title : null;
      this.chatAnswered(event.data.chat_id, title, stream);
    }
    scrollToEnd(nearEnd);
  }

  /**
   * The closing chat event: a new chat now has its id and title, the list its new order. The title is taken
   * from the event, since the stored chat may not have it yet (the trace-sink writes it a moment later).
   */
  async chatAnswered(chatId, title, stream) {
    stream.chatId = chatId;
    if (this.chatId === null || this.chatId === chatId) {
      this.chatId = chatId;
      setHash(chatId);
    }
    let chats = this.chatList.chats;
    try {
      chats = readChats(await this.api.json('GET', '/chats'));
    } catch (e) {
      // the list catches up on the next change
    }
    const known = chats.find(chat => chat.id === chatId);
    if (!known) {
      chats = [{id: chatId, title, updatedAt: new Date().toISOString()}, ...chats];
    } else if (!known.title && title) {
      known.title = title;
    }
    this.chatList.render(chats, this.chatId);
    if (this.chatId === chatId) {
      this.showTitle(this.chatList.title(chatId));
      this.showUsage();
    }
  }

  async stop() {
    const stream = this.streaming;
    if (!stream?.requestId) {
      return;
    }
    byId('stop').disabled = true;
    try {
      await this.api.optional('cancel', 'POST', `/requests/${stream.requestId}/cancel`);
      // The pipeline ends the request; its stream closes with an error or done event.
    } catch (e) {
      if (e instanceof ApiError && e.code === 'not_available') {
        byId('stop').hidden = true;
      } else if (!(e instanceof ApiError && e.status === 409)) {
        this.notice(e);
      }
    }
  }

  /** After a reload during an answer: the request's events from the start, then live until done. */
  async resumeAfterReload(inflight) {
    const question = inflight.question ? questionView(inflight.question) : null;
    if (question) {
      byId('messages').appendChild(question);
    }
    this.showWelcome(false);
    const view = this.newAnswer();
    const stream = this.beginStream(view, inflight.question);
    stream.requestId = inflight.requestId;
    try {
      const response = await this.api.fetch('GET', `/requests/${inflight.requestId}/events`, {
        headers: {Accept: 'text/event-stream', 'Last-Event-ID': inflight.requestId + ':0'},
        signal: stream.controller.signal,
      });
      if (!response.ok) {
        // Long over or unknown: what there is to show is in the chat's stored messages.
        question?.remove();
        view.element.remove();
        forgetInflight();
        return;
      }
      await this.follow(response, stream, 0);
    } catch (e) {
      if (e?.name !== 'AbortError') {
        view.interrupt(t('error', {message: e.message}));
      }
    } finally {
      this.endStream(stream);
    }
  }

  offerReload(view) {
    const id = this.chatId;
    if (id) {
      view.element.appendChild(el('button', {type: 'button', class: 'small', onclick: () => this.openChat(id)},
        t('reloadChat')));
    }
  }

  // ---- around -----------------------------------------------------------------------------------------------

  languageChanged() {
    this.markLanguage();
    if (!this.entered) {
      return;
    }
    this.showUser();
    this.chatList.render(this.chatList.chats, this.chatId);
    if (this.streaming) {
      return; // the words already shown stay until the chat is drawn again
    }
    if (this.chatId) {
      this.openChat(this.chatId);
    } else {
      this.showTitle(null);
      this.showWelcome(!byId('messages').firstChild);
    }
  }

  markLanguage() {
    document.querySelectorAll('[data-lang]').forEach(button =>
      button.setAttribute('aria-pressed', String(button.dataset.lang === language())));
  }

  toggleSidebar(open = !document.body.classList.contains('sidebar-open')) {
    document.body.classList.toggle('sidebar-open', open);
    byId('menu-button').setAttribute('aria-expanded', String(open));
    if (open) {
      byId('new-chat').focus();
    }
  }

  notice(errorOrText) {
    const notice = byId('notice');
    if (errorOrText instanceof ApiError && errorOrText.code === 'not_available') {
      notice.textContent = t('notAvailable');
    } else if (errorOrText instanceof Error) {
      notice.textContent = t('error', {message: errorOrText.message});
    } else {
      notice.textContent = String(errorOrText);
    }
    notice.hidden = false;
  }

  hideNotice() {
    byId('notice').hidden = true;
  }
}

function chatIdInHash() {
  const match = /^#chat=([0-9a-fA-F-]{36})$/.exec(location.hash);
  return match && isUuid(match[1]) ? match[1].toLowerCase() : null;
}

/** The open chat in the address, so a reload (or a bookmark) opens it again. */
function setHash(chatId) {
  const hash = chatId ? '#chat=' + chatId : '';
  if (location.hash !== hash) {
    history.replaceState(null, '', hash || location.pathname);
  }
}

function readInflight() {
  try {
    const f = JSON.parse(sessionStorage.getItem(INFLIGHT_KEY));
    if (f && isUuid(f.requestId) && (f.chatId === null || isUuid(f.chatId))) {
      return {requestId: f.requestId, chatId: f.chatId, question: typeof f.question === 'string' ? f.question : null};
    }
  } catch (e) {
    // nothing usable stored
  }
  return null;
}

function saveInflight(stream) {
  if (!isUuid(stream.requestId) || stream.done) {
    return;
  }
  try {
    sessionStorage.setItem(INFLIGHT_KEY, JSON.stringify({requestId: stream.requestId, chatId: stream.chatId,
      question: stream.question ?? null}));
  } catch (e) {
    // without storage a reload simply shows the stored answer later
  }
}

function forgetInflight() {
  try {
    sessionStorage.removeItem(INFLIGHT_KEY);
  } catch (e) {
    // nothing stored
  }
}

/** Back to the question box; not on a touch screen, where it would open the keyboard over the answers. */
function focusMessage() {
  if (!matchMedia('(pointer: coarse)').matches) {
    byId('message').focus();
  }
}

/** The box grows with what is typed, up to 200 px, and scrolls beyond that. */
function grow(textarea) {
  textarea.style.height = 'auto';
  textarea.style.height = Math.min(textarea.scrollHeight + 2, 200) + 'px';
  textarea.style.overflowY = textarea.scrollHeight + 2 > 200 ? 'auto' : 'hidden';
}

function isNearEnd() {
  const box = byId('messages');
  return box.scrollHeight - box.scrollTop - box.clientHeight < 80;
}

function scrollToEnd(follow) {
  if (follow) {
    const box = byId('messages');
    box.scrollTop = box.scrollHeight;
  }
}

/** A pause between reconnection attempts; ends early when the stream is abandoned. */
function delay(ms, signal) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    }, {once: true});
  });
}

new ChatApp().start();
