// The person's chats, newest first; the open one is marked. GET /chats names a chat "id" today and "chat_id" in
// the API contract: both are read.

import {el, clear} from './dom.js';
import {t} from './i18n.js';
import {formatWhen} from './format.js';
import {isUuid} from './api.js';

/** The chats of a GET /chats answer that have a usable id, as {id, title, updatedAt}. */
export function readChats(body) {
  if (!Array.isArray(body)) {
    return [];
  }
  return body.map(chat => ({
    id: typeof chat?.chat_id === 'string' ? chat.chat_id : chat?.id,
    title: typeof chat?.title === 'string' && chat.title.trim() ? chat.title : null,
    updatedAt: chat?.updated_at ?? chat?.created_at ?? null,
  })).filter(chat => isUuid(chat.id));
}

export class ChatList {
  /** @param onOpen called with a chat's id when a person picks it */
  constructor(list, empty, onOpen) {
    this.list = list;
    this.empty = empty;
    this.onOpen = onOpen;
    this.chats = [];
  }

  render(chats, activeId) {
    this.chats = chats;
    clear(this.list);
    for (const chat of chats) {
      const active = chat.id === activeId;
      this.list.appendChild(el('li', {},
        el('button', {
          type: 'button', class: 'chat-link', 'data-chat-id': chat.id, 'aria-current': active ? 'page' : null,
          onclick: () => this.onOpen(chat.id),
        },
        el('span', {class: 'chat-name'}, chat.title ?? t('untitled')),
        chat.updatedAt ? el('span', {class: 'chat-when'}, formatWhen(chat.updatedAt)) : null)));
    }
    this.empty.hidden = chats.length > 0;
  }

  title(id) {
    return this.chats.find(chat => chat.id === id)?.title ?? null;
  }
}
