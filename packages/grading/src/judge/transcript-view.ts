import type { Case, Session, ToolCall } from '@skill-eval/core';
import { sessionForTurn } from '../checks/turn-view.js';
import { TextBudget, truncate } from './bounded-text.js';

/** Per tool result (and per tool input), and for all tool calls together. */
export const TOOL_LIMITS: ToolLimits = { perItem: 2_000, total: 20_000 };
export interface ToolLimits {
  perItem: number;
  total: number;
}
const FINAL_ANSWER_LIMIT = 20_000;

/** The parts of an execution the judge reads, as tagged text: prompts, reference, tool calls, final answer. */
export function renderTranscript(testCase: Case, session: Session, limits: ToolLimits = TOOL_LIMITS): string {
  return `${renderCaseGiven(testCase)}\n\n${renderAgentWork(session, limits)}`;
}

/** What the case gave the agent: its prompts, and the reference the judge may compare against. */
export function renderCaseGiven(testCase: Case): string {
  const turns = testCase.turns.map((t, i) => `<turn n="${i + 1}">\n${t}\n</turn>`).join('\n');
  const parts = [`<user_prompts>\n${turns}\n</user_prompts>`];
  if (testCase.reference?.trim()) {
    parts.push(
      `<reference note="expected output / context (not itself a criterion)">\n${testCase.reference}\n</reference>`,
    );
  }
  return parts.join('\n\n');
}

/**
 * What the agent did: its tool calls with their results, its replies to the turns before the last (in a
 * conversation) and its final answer — what a passing verdict quotes.
 */
export function renderAgentWork(session: Session, limits: ToolLimits = TOOL_LIMITS): string {
  const earlier = renderEarlierReplies(session);
  return [
    `<tool_calls count="${session.toolCalls.length}">\n${renderToolCalls(session.toolCalls, limits)}\n</tool_calls>`,
    ...(earlier ? [earlier] : []),
    `<final_answer>\n${truncate(session.finalMessage, FINAL_ANSWER_LIMIT)}\n</final_answer>`,
  ].join('\n\n');
}

/**
 * The agent's own work without the labels the judge prompt wraps it in — tool names, inputs and results, its
 * replies, its final answer: what a passing verdict's quote must come from.
 */
export function agentWorkText(session: Session): string {
  const calls = session.toolCalls.flatMap((call) => [call.name, stringify(call.input), call.output ?? '']);
  const replies = session.events.flatMap((e) => (e.type === 'message' && e.role === 'assistant' ? [e.text] : []));
  return [...calls, ...replies, session.finalMessage].join('\n');
}

/** The agent's last reply to each user turn but the last, or undefined for a single-turn run. */
function renderEarlierReplies(session: Session): string | undefined {
  const turns = session.events.filter((event) => event.type === 'message' && event.role === 'user').length;
  if (turns < 2) return undefined;
  const budget = new TextBudget(FINAL_ANSWER_LIMIT);
  const replies = Array.from({ length: turns - 1 }, (_, i) => {
    const reply = sessionForTurn(session, i + 1)?.finalMessage;
    return `<reply turn="${i + 1}">\n${reply ? budget.take(reply, FINAL_ANSWER_LIMIT) : '(no reply)'}\n</reply>`;
  });
  return `<replies_to_earlier_turns note="the final answer is the reply to the last turn">\n${replies.join('\n')}\n</replies_to_earlier_turns>`;
}

function renderToolCalls(calls: readonly ToolCall[], limits: ToolLimits): string {
  if (calls.length === 0) return '(no tool calls)';
  const budget = new TextBudget(limits.total);
  const out: string[] = [];
  for (const [i, call] of calls.entries()) {
    if (budget.exhausted) {
      out.push(`[… ${calls.length - i} more tool calls omitted: transcript limit reached]`);
      break;
    }
    const input = budget.take(stringify(call.input), limits.perItem);
    const result =
      call.output === undefined
        ? '(no result)'
        : `${call.isError ? '(error) ' : ''}${budget.take(call.output, limits.perItem)}`;
    out.push(`[${i + 1}] ${call.name}\ninput: ${input}\nresult: ${result}`);
  }
  return out.join('\n\n');
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
