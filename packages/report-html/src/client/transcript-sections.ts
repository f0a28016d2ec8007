import type { Session, SessionEvent } from '@skill-eval/core';
import { isLeftOut, type LeftOut, transcriptBlockId } from '../report-data.js';
import { h, muted, pre, pretty, section } from './dom.js';

type UserMessage = Extract<SessionEvent, { type: 'message' }>;

/** One transcript event as a list item; tool results are named after the call they answer. */
function eventItem(e: SessionEvent, toolNames: Map<string, string>): HTMLElement {
  switch (e.type) {
    case 'message':
      return h(
        'li',
        { class: `event message ${e.role}${e.simulated ? ' simulated' : ''}` },
        h('div', { class: 'event-head' }, e.simulated ? `${e.role} (simulated)` : e.role),
        h('div', { class: 'text' }, e.text),
      );
    case 'reasoning':
      return h(
        'li',
        { class: 'event reasoning' },
        h('details', null, h('summary', null, 'reasoning'), h('div', { class: 'text' }, e.text)),
      );
    case 'tool-call':
      toolNames.set(e.id, e.name);
      return h(
        'li',
        { class: 'event tool-call' },
        h('div', { class: 'event-head' }, 'tool call ', h('code', { class: 'tool-name' }, e.name)),
        pre(pretty(e.input)),
      );
    case 'tool-result':
      return h(
        'li',
        { class: `event tool-result${e.isError ? ' is-error' : ''}` },
        h(
          'div',
          { class: 'event-head' },
          e.isError ? 'tool error ' : 'tool result ',
          h('code', null, toolNames.get(e.id) ?? e.id),
        ),
        pre(e.output),
      );
    case 'skill':
      return h(
        'li',
        { class: 'event skill' },
        h('div', { class: 'event-head' }, 'skill ', h('code', null, e.name), ` fired (${e.via})`),
      );
    case 'error':
      return h('li', { class: 'event error' }, h('div', { class: 'event-head' }, 'error'), h('div', null, e.message));
    default:
      // An event type newer than this page: shown as its JSON rather than dropped.
      return h('li', { class: 'event' }, pre(pretty(e)));
  }
}

/** The execution's transcript, read from its JSON block only now that its row is opened. */
function readSession(index: number): Session | LeftOut | 'missing' | 'unreadable' {
  const el = document.getElementById(transcriptBlockId(index));
  if (!el) return 'missing';
  try {
    const value = JSON.parse(el.textContent || 'null') ?? 'unreadable';
    return typeof value === 'object' && isLeftOut(value) ? { leftOut: String(value.leftOut) } : value;
  } catch {
    return 'unreadable';
  }
}

/** The prompt(s), the transcript and the final message of the execution at `index`. */
export function transcriptSections(index: number): HTMLElement[] {
  const session = readSession(index);
  if (session === 'missing') return [section('Transcript', muted('No transcript was recorded for this execution.'))];
  if (session === 'unreadable') return [section('Transcript', muted('The transcript could not be read.'))];
  if (isLeftOut(session)) return [section('Transcript', muted(`Not shown: ${session.leftOut}.`))];
  const events = session.events ?? [];
  const prompts = events.filter((e): e is UserMessage => e.type === 'message' && e.role === 'user');
  const toolNames = new Map<string, string>();
  const out = [
    section(
      prompts.length > 1 ? `Prompts (${prompts.length} turns)` : 'Prompt',
      prompts.length === 0
        ? muted('The transcript holds no user message.')
        : h(
            'ol',
            { class: 'prompts' },
            prompts.map((p) =>
              h(
                'li',
                p.simulated ? { class: 'simulated' } : null,
                p.simulated ? h('div', { class: 'event-head' }, 'simulated user') : null,
                h('div', { class: 'text' }, p.text),
              ),
            ),
          ),
    ),
    section(
      `Transcript (${events.length} events, ${(session.toolCalls ?? []).length} tool calls)`,
      h(
        'ol',
        { class: 'transcript' },
        events.map((e) => eventItem(e, toolNames)),
      ),
    ),
  ];
  if (session.simulatorStopReason) {
    out.push(section('Simulated user stopped', h('div', { class: 'text' }, session.simulatorStopReason)));
  }
  if (session.finalMessage) out.push(section('Final message', h('div', { class: 'text final' }, session.finalMessage)));
  return out;
}
