// The turns of a chat: the person's question, and Barb's answer as it streams in (acknowledge line, live steps,
// the answer text, data blocks, clarifying options as buttons, copy and feedback), or as it was stored.

import {el, clear, copyText} from './dom.js';
import {t, hasMessage} from './i18n.js';
import {renderMarkdown} from './markdown.js';
import {formatDuration} from './format.js';
import {DataBlockView, flash} from './datablock.js';
import {ApiError, isUuid} from './api.js';
import {inReaderLanguage} from './names.js';

export function questionView(text) {
  return el('div', {class: 'turn question'}, el('div', {class: 'bubble'}, text));
}

export class AnswerView {
  /**
   * @param api       for feedback and rows
   * @param onClarify called with the option a person picked from a clarifying question
   */
  constructor({api, onClarify}) {
    this.api = api;
    this.onClarify = onClarify;
    this.requestId = null;
    this.text = '';
    this.options = [];
    this.blocks = new Map(); // plan_id → DataBlockView; a translated block replaces the executor's
    this.steps = new Map();  // step number → {item, agent}
    this.ack = el('p', {class: 'ack', hidden: true});
    this.stepList = el('ol', {class: 'step-list'});
    this.stepSummary = el('summary', {}, el('span', {class: 'spinner', 'aria-hidden': 'true'}), t('working'));
    this.progress = el('details', {class: 'steps', open: true}, this.stepSummary, this.stepList);
    this.body = el('div', {class: 'answer-text'});
    this.blockArea = el('div', {class: 'blocks'});
    this.clarify = el('div', {class: 'clarify', hidden: true});
    this.actions = el('div', {class: 'actions', hidden: true});
    this.errorLine = el('p', {class: 'error', role: 'alert', hidden: true});
    this.element = el('article', {class: 'turn answer', 'aria-busy': 'true'},
      this.ack, this.progress, this.body, this.blockArea, this.clarify, this.errorLine, this.actions);
  }

  /** One event of the stream. */
  handle(name, data) {
    if (isUuid(data?.request_id)) {
      this.requestId = data.request_id;
    }
    switch (name) {
      case 'step_start':
        this.step(data.step, data.agent, null);
        break;
      case 'step_end':
        this.step(data.step, data.agent, data.duration_ms);
        if (data.agent === 'clarifier') {
          this.options = clarifyingOptions(data.input);
        }
        break;
      case 'acknowledge':
        this.acknowledge(data.content);
        break;
      case 'data_block':
        this.dataBlock(data);
        break;
      case 'answer':
        this.answer(data.content);
        break;
      case 'error':
        this.fail(data.message || data.code);
        break;
      case 'done':
        this.finish(data.route, data.duration_ms);
        break;
      default:
        break; // "chat" and anything newer is the app's business or not shown
    }
  }

  step(number, agent, durationMs) {
    if (!Number.isInteger(number) || typeof agent !== 'string') {
      return;
    }
    let step = this.steps.get(number);
    if (!step) {
      const item = el('li', {'data-agent': agent, class: 'running'},
        el('span', {class: 'step-label'}, agentLabel(agent)), el('span', {class: 'step-time'}));
      step = {item, agent, durationMs: null};
      this.steps.set(number, step);
      // Steps can arrive out of order on a resumed stream: keep them by number.
      const later = [...this.steps.entries()].filter(([n]) => n > number).sort(([a], [b]) => a - b)[0];
      this.stepList.insertBefore(item, later ? later[1].item : null);
    }
    if (typeof durationMs === 'number') {
      step.durationMs = durationMs;
      step.item.className = 'done';
      step.item.querySelector('.step-time').textContent = formatDuration(durationMs);
    }
  }

  acknowledge(text) {
    if (typeof text === 'string' && text) {
      this.ack.textContent = text;
      this.ack.hidden = false;
    }
  }

  dataBlock(block) {
    if (!block || typeof block !== 'object') {
      return;
    }
    const key = typeof block.plan_id === 'string' ? block.plan_id : 'block-' + this.blocks.size;
    const existing = this.blocks.get(key);
    const index = existing ? existing.blockIndex : this.blocks.size;
    const view = new DataBlockView(block, {api: this.api, requestId: this.requestId, blockIndex: index});
    if (existing) {
      existing.element.replaceWith(view.element);
    } else {
      this.blockArea.appendChild(view.element);
    }
    this.blocks.set(key, view);
  }

  answer(text) {
    this.text = typeof text === 'string' ? text : '';
    clear(this.body).appendChild(renderMarkdown(this.text));
  }

  fail(message) {
    this.errorLine.textContent = String(message ?? '');
    this.errorLine.hidden = false;
  }

  /** The request is over: steps fold into one line, clarifying options and the actions appear. */
  finish(route, durationMs, feedback = null) {
    this.element.removeAttribute('aria-busy');
    const steps = [...this.steps.values()];
    const total = typeof durationMs === 'number' ? durationMs
      : steps.reduce((sum, s) => sum + (s.durationMs ?? 0), 0);
    clear(this.stepSummary).append(t('stepsSummary', {steps: t('steps', {n: steps.length}),
      time: formatDuration(total)}));
    this.progress.open = false;
    this.progress.hidden = steps.length === 0;
    if (route === 'clarify' && this.options.length > 0) {
      this.showOptions();
    }
    if (this.text) {
      this.showActions(feedback);
    }
  }

  /** The stream ended without done (stopped, lost or refused). */
  interrupt(message) {
    this.element.removeAttribute('aria-busy');
    this.steps.forEach(step => step.item.classList.remove('running'));
    clear(this.stepSummary).append(t('steps', {n: this.steps.size}));
    this.progress.open = false;
    this.progress.hidden = this.steps.size === 0;
    if (message) {
      this.fail(message);
    }
  }

  showOptions() {
    clear(this.clarify).append(el('p', {class: 'muted'}, t('clarifyPrompt')));
    const group = el('div', {class: 'options', role: 'group', 'aria-label': t('clarifyPrompt')});
    for (const option of this.options) {
      group.appendChild(el('button', {type: 'button', class: 'option', onclick: () => this.pick(option)}, option));
    }
    this.clarify.appendChild(group);
    this.clarify.hidden = false;
  }

  pick(option) {
    this.clarify.querySelectorAll('button').forEach(b => {
      b.disabled = true;
    });
    this.onClarify(option);
  }

  /** The options of an earlier question stop being offered once the chat has moved on. */
  retireOptions() {
    this.clarify.hidden = true;
  }

  showActions(feedback) {
    clear(this.actions);
    const copy = el('button', {type: 'button', class: 'small', onclick: async () =>
      flash(copy, await copyText(this.text) ? t('copied') : t('copyFailed'), t('copy'))}, t('copy'));
    this.actions.appendChild(copy);
    if (this.api.has('feedback') && this.requestId) {
      const status = el('span', {class: 'muted feedback-status', role: 'status'});
      const up = voteButton('up', '👍', t('helpful'));
      const down = voteButton('down', '👎', t('notHelpful'));
      const vote = async (value, button, other) => {
        try {
          await this.api.optional('feedback', 'POST', `/requests/${encodeURIComponent(this.requestId)}/feedback`,
            {vote: value});
          button.setAttribute('aria-pressed', 'true');
          other.setAttribute('aria-pressed', 'false');
          status.textContent = t('feedbackThanks');
        } catch (e) {
          if (e instanceof ApiError && e.code === 'not_available') {
            up.remove();
            down.remove();
          }
          status.textContent = e instanceof ApiError && e.code === 'not_available' ? t('notAvailable')
            : t('error', {message: e.message});
        }
      };
      up.addEventListener('click', () => vote('up', up, down));
      down.addEventListener('click', () => vote('down', down, up));
      if (feedback?.vote === 'up' || feedback?.vote === 'down') {
        (feedback.vote === 'up' ? up : down).setAttribute('aria-pressed', 'true');
      }
      this.actions.append(up, down, status);
    }
    this.actions.hidden = false;
  }

  /**
   * A stored exchange from GET /chats/{id}/messages, rebuilt from its traces: steps, acknowledge line, the
   * executor's results as data blocks, and, for the chat's last message, the clarifying options.
   */
  static fromStored(message, {api, onClarify, isLast}) {
    const view = new AnswerView({api, onClarify});
    view.requestId = isUuid(message.request_id) ? message.request_id : null;
    const traces = Array.isArray(message.traces) ? message.traces : [];
    const lang = traces.find(trace => trace.agent_name === 'intent')?.output_data?.lang;
    for (const trace of traces) {
      view.step(trace.step_number, trace.agent_name, trace.duration_ms);
      const output = trace.output_data ?? {};
      if (trace.agent_name === 'understander') {
        view.acknowledge(output.acknowledge);
      } else if (trace.agent_name === 'executor' && Array.isArray(output.results)) {
        output.results.filter(r => r && typeof r === 'object' && r.truncated !== true)
          .forEach(result => view.dataBlock(inReaderLanguage(result, lang)));
      } else if (trace.agent_name === 'clarifier') {
        view.options = clarifyingOptions(trace.input_data);
      }
    }
    if (message.route === 'error') {
      view.fail(message.response);
    } else {
      view.answer(message.response);
    }
    view.finish(isLast ? message.route : null, message.duration_ms, message.feedback);
    return view;
  }
}

/** The options of the one thing the clarifier asks about: the first required item, else the first optional. */
export function clarifyingOptions(input) {
  const item = [...(Array.isArray(input?.required) ? input.required : []),
    ...(Array.isArray(input?.optional) ? input.optional : [])][0];
  const options = Array.isArray(item?.options) ? item.options : [];
  return options.filter(o => typeof o === 'string' && o.trim() !== '').slice(0, 8);
}

function agentLabel(agent) {
  return hasMessage('agent_' + agent) ? t('agent_' + agent) : agent;
}

function voteButton(vote, symbol, label) {
  return el('button', {type: 'button', class: 'small vote', 'data-vote': vote, 'aria-pressed': 'false',
    'aria-label': label, title: label}, symbol);
}
