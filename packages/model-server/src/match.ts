import type { FakeApi } from './api-adapter.js';
import type { CycleMemory } from './cycle-memory.js';
import { directiveResponses } from './directives.js';
import type { RequestView } from './request-view.js';
import type { FakeMatch, FakeResponse, ParsedFakeScript } from './script.js';

/** The scripted answer chosen for one request. */
export interface Selection {
  /** Id of the matched conversation; `[[directives]]` for directive mode; absent for fallback / no match. */
  conversation?: string;
  /** Model turns already in the request. */
  step: number;
  /** What to answer. */
  response: FakeResponse;
  /** For a `cycle` conversation: which of its lists answered (0-based). */
  cycle?: number;
}

/** What `cycle` conversations need besides the request view; without it every run follows the first list. */
export interface CycleContext {
  memory: CycleMemory;
  /** The raw request body, searched for the tool call ids handed out earlier. */
  body: string;
  /** The API called, for the id prefix. */
  api: FakeApi;
}

/**
 * Conversations in order (first match wins), then `[[…]]` directives in the user text, then the
 * script's fallback, else a 400 error naming the prompt so a test fails loudly.
 */
export function selectResponse(script: ParsedFakeScript, view: RequestView, cycle?: CycleContext): Selection {
  const { step } = view;
  for (const conversation of script.conversations) {
    if (!matches(conversation.match, view)) continue;
    const { id, cycle: lists } = conversation;
    const list = lists ? (cycle?.memory.listFor(id, lists.length, step, cycle.body) ?? 0) : undefined;
    const responses = lists ? lists[list!]! : conversation.responses!;
    const picked = list === undefined ? {} : { cycle: list };
    const response = responses[step] ?? (conversation.whenExhausted === 'repeat-last' ? responses.at(-1) : undefined);
    if (response) {
      const tagged = list !== undefined && cycle ? cycle.memory.tag(id, list, response, cycle.api) : response;
      return { conversation: id, step, response: tagged, ...picked };
    }
    const owner = list === undefined ? 'it' : `its list ${list}`;
    const message = `fake model: conversation "${id}" has no response for step ${step} (${owner} scripts ${responses.length}: steps 0-${responses.length - 1})`;
    return { conversation: id, step, response: badRequest(message), ...picked };
  }
  const directed = directiveResponses(view.userText, view.hasTools);
  if (directed) {
    return { conversation: '[[directives]]', step, response: directed[step] ?? directed.at(-1)! };
  }
  if (script.fallback) return { step, response: script.fallback };
  const prompt = view.prompt.length > 200 ? `${view.prompt.slice(0, 200)}…` : view.prompt;
  return {
    step,
    response: badRequest(
      `fake model: no conversation matches the request with user text ${JSON.stringify(prompt)} (step ${step}); add a conversation whose match.user is part of it, or a fallback`,
    ),
  };
}

function matches(match: FakeMatch | undefined, view: RequestView): boolean {
  if (!match) return true;
  if (match.user !== undefined && !view.userText.includes(match.user)) return false;
  if (match.system !== undefined && !view.systemText.includes(match.system)) return false;
  if (match.tools !== undefined && match.tools !== view.hasTools) return false;
  if (match.model !== undefined && !view.model.includes(match.model)) return false;
  return true;
}

function badRequest(message: string): FakeResponse {
  return { error: { status: 400, type: 'invalid_request_error', message } };
}
