// The interface in English and Russian. Answers come from Barb in the language of the question; these are only
// the page's own words. A message is a string with {name} placeholders, or, for counts, an object of CLDR plural
// forms chosen by Intl.PluralRules with {n}.

const MESSAGES = {
  en: {
    brand: 'Barb',
    tagline: 'NQ history, with the evidence',
    language: 'Language',
    menu: 'Chats',
    chats: 'Chats',
    newChat: 'New chat',
    noChats: 'No chats yet',
    untitled: 'New chat',
    rename: 'Rename',
    renameLabel: 'New title of the chat',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    confirmDelete: 'Delete the chat “{title}”? It disappears from your list.',
    placeholder: 'Ask about NQ history…',
    messageLabel: 'Your question',
    send: 'Send',
    stop: 'Stop',
    hint: 'Enter sends · Shift+Enter starts a new line',
    welcomeTitle: 'Ask Barb about NQ futures',
    welcomeText: 'Every number comes from a query over 1-minute bars: you get the answer, the table, the rows that ' +
      'were counted and the SQL that ran.',
    examples: ['top 5 days by range in 2024 during RTH', 'average RTH range by weekday in 2024',
      'how many green days in 2023?', 'what is the typical daily range?'],
    signInTitle: 'Sign in to Barb',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    signingIn: 'Signing in…',
    signOut: 'Sign out',
    signInFailed: 'Sign-in failed: {message}',
    signInUnavailable: 'This server asks for sign-in but has no Supabase project configured for the page ' +
      '(BARB_SUPABASE_URL and BARB_SUPABASE_ANON_KEY).',
    sessionEnded: 'Your session has ended. Please sign in again.',
    devMode: 'dev mode',
    devModeTitle: 'No sign-in: every request is the dev user',
    working: 'Working…',
    sending: 'Sending…',
    steps: {one: '{n} step', other: '{n} steps'},
    stepsSummary: '{steps} · {time}',
    milliseconds: '{n} ms',
    seconds: '{n} s',
    agent_intent: 'Reading the question',
    agent_understander: 'Understanding it',
    agent_parser: 'Breaking it into steps',
    agent_planner: 'Planning the query',
    agent_executor: 'Running the query',
    agent_presenter: 'Writing the answer',
    agent_clarifier: 'Preparing a question',
    'agent_clarify-continue': 'Reading your reply',
    agent_responder: 'Answering',
    rows: {one: '{n} row', other: '{n} rows'},
    showingRows: 'showing {shown} of {total}',
    showAllRows: 'Show all rows',
    loadingRows: 'Loading rows…',
    sourceRows: 'Source rows ({n})',
    hideSourceRows: 'Hide source rows',
    sourceRowsNote: 'The rows that were counted or averaged.',
    sql: 'SQL that ran',
    sqlParams: 'Parameters: {params}',
    chart: 'Chart',
    copy: 'Copy',
    copyTable: 'Copy table',
    copied: 'Copied',
    copyFailed: 'Could not copy',
    helpful: 'Helpful',
    notHelpful: 'Not helpful',
    feedbackThanks: 'Thanks for the feedback',
    clarifyPrompt: 'Pick an answer, or type your own:',
    chatBusy: 'This chat is still answering the previous message. Try again when it has finished.',
    connectionLost: 'The connection was lost before the answer arrived.',
    reconnecting: 'Connection lost, reconnecting…',
    reloadChat: 'Reload the chat',
    cancelled: 'Stopped.',
    error: 'Something went wrong: {message}',
    notAvailable: 'Not available on this server yet.',
    noSuchChat: 'This chat does not exist (any more).',
    usage: '{requests} · {tokens} tokens',
    usageCost: '{requests} · {tokens} tokens · ${cost}',
    requests: {one: '{n} request', other: '{n} requests'},
    synthetic: 'synthetic data',
    imported: 'imported data',
    today: 'today',
  },
  ru: {
    brand: 'Barb',
    tagline: 'история NQ с доказательствами',
    language: 'Язык',
    menu: 'Чаты',
    chats: 'Чаты',
    newChat: 'Новый чат',
    noChats: 'Чатов пока нет',
    untitled: 'Новый чат',
    rename: 'Переименовать',
    renameLabel: 'Новое название чата',
    save: 'Сохранить',
    cancel: 'Отмена',
    delete: 'Удалить',
    confirmDelete: 'Удалить чат «{title}»? Он исчезнет из списка.',
    placeholder: 'Спросите об истории NQ…',
    messageLabel: 'Ваш вопрос',
    send: 'Отправить',
    stop: 'Остановить',
    hint: 'Enter — отправить · Shift+Enter — новая строка',
    welcomeTitle: 'Спросите Barb о фьючерсе NQ',
    welcomeText: 'Каждое число — результат запроса по минутным барам: вы получаете ответ, таблицу, строки, которые ' +
      'были посчитаны, и выполненный SQL.',
    examples: ['топ 5 самых волатильных дней 2024 в RTH', 'средний диапазон RTH по месяцам 2024',
      'сколько зелёных дней в 2023?', 'какой обычный дневной диапазон?'],
    signInTitle: 'Вход в Barb',
    email: 'Эл. почта',
    password: 'Пароль',
    signIn: 'Войти',
    signingIn: 'Вход…',
    signOut: 'Выйти',
    signInFailed: 'Не удалось войти: {message}',
    signInUnavailable: 'Сервер требует входа, но проект Supabase для страницы не настроен ' +
      '(BARB_SUPABASE_URL и BARB_SUPABASE_ANON_KEY).',
    sessionEnded: 'Сеанс закончился. Войдите снова.',
    devMode: 'режим разработки',
    devModeTitle: 'Без входа: все запросы идут от имени тестового пользователя',
    working: 'Работаю…',
    sending: 'Отправляю…',
    steps: {one: '{n} шаг', few: '{n} шага', many: '{n} шагов', other: '{n} шага'},
    stepsSummary: '{steps} · {time}',
    milliseconds: '{n} мс',
    seconds: '{n} с',
    agent_intent: 'Читаю вопрос',
    agent_understander: 'Разбираюсь в смысле',
    agent_parser: 'Разбиваю на шаги',
    agent_planner: 'Составляю запрос',
    agent_executor: 'Выполняю запрос',
    agent_presenter: 'Пишу ответ',
    agent_clarifier: 'Готовлю уточнение',
    'agent_clarify-continue': 'Читаю ваш ответ',
    agent_responder: 'Отвечаю',
    rows: {one: '{n} строка', few: '{n} строки', many: '{n} строк', other: '{n} строки'},
    showingRows: 'показано {shown} из {total}',
    showAllRows: 'Показать все строки',
    loadingRows: 'Загружаю строки…',
    sourceRows: 'Исходные строки ({n})',
    hideSourceRows: 'Скрыть исходные строки',
    sourceRowsNote: 'Строки, которые были посчитаны или усреднены.',
    sql: 'Выполненный SQL',
    sqlParams: 'Параметры: {params}',
    chart: 'График',
    copy: 'Копировать',
    copyTable: 'Копировать таблицу',
    copied: 'Скопировано',
    copyFailed: 'Не удалось скопировать',
    helpful: 'Полезно',
    notHelpful: 'Бесполезно',
    feedbackThanks: 'Спасибо за отзыв',
    clarifyPrompt: 'Выберите ответ или напишите свой:',
    chatBusy: 'Этот чат ещё отвечает на предыдущее сообщение. Повторите, когда ответ придёт.',
    connectionLost: 'Соединение прервалось до того, как пришёл ответ.',
    reconnecting: 'Соединение прервалось, подключаюсь снова…',
    reloadChat: 'Обновить чат',
    cancelled: 'Остановлено.',
    error: 'Что-то пошло не так: {message}',
    notAvailable: 'На этом сервере пока недоступно.',
    noSuchChat: 'Этого чата нет (больше нет).',
    usage: '{requests} · токенов: {tokens}',
    usageCost: '{requests} · токенов: {tokens} · ${cost}',
    requests: {one: '{n} запрос', few: '{n} запроса', many: '{n} запросов', other: '{n} запроса'},
    synthetic: 'синтетические данные',
    imported: 'импортированные данные',
    today: 'сегодня',
  },
};

export const LANGUAGES = Object.keys(MESSAGES);
const STORAGE_KEY = 'barb.lang';
let current = 'en';
const listeners = [];

/** The saved choice, else Russian for a browser that prefers Russian, else English. */
export function initialLanguage() {
  const saved = readSaved();
  if (LANGUAGES.includes(saved)) {
    return saved;
  }
  const preferred = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return preferred.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

function readSaved() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch (e) {
    return null; // storage can be switched off; the default is fine then
  }
}

export function language() {
  return current;
}

export function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) {
    return;
  }
  current = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch (e) {
    // not remembered across visits; nothing else changes
  }
  translate(document);
  listeners.forEach(listener => listener(lang));
}

export function onLanguageChange(listener) {
  listeners.push(listener);
}

export function hasMessage(key) {
  return key in MESSAGES.en;
}

/** A message of the current language with its placeholders filled; the English one when it is missing. */
export function t(key, params = {}) {
  let message = MESSAGES[current][key] ?? MESSAGES.en[key];
  if (message === undefined) {
    console.warn('no message', key);
    return key;
  }
  if (typeof message === 'object' && !Array.isArray(message)) {
    const form = new Intl.PluralRules(current).select(Number(params.n ?? 0));
    message = message[form] ?? message.other;
    params = {...params, n: formatCount(params.n)};
  }
  if (Array.isArray(message)) {
    return message;
  }
  return message.replace(/\{(\w+)}/g, (all, name) => (name in params ? String(params[name]) : all));
}

function formatCount(n) {
  return new Intl.NumberFormat(current).format(Number(n ?? 0));
}

/**
 * Sets the static words of the page: data-i18n (text), data-i18n-placeholder, data-i18n-label (aria-label and
 * title, for buttons that show only a symbol).
 */
export function translate(root) {
  root.querySelectorAll('[data-i18n]').forEach(node => {
    node.textContent = t(node.dataset.i18n);
  });
  root.querySelectorAll('[data-i18n-placeholder]').forEach(node => {
    node.placeholder = t(node.dataset.i18nPlaceholder);
  });
  root.querySelectorAll('[data-i18n-label]').forEach(node => {
    node.setAttribute('aria-label', t(node.dataset.i18nLabel));
    node.title = t(node.dataset.i18nLabel);
  });
}
