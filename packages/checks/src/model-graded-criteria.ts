import type { Check } from '@skill-eval/core';

/** Where the agent's "context" comes from: promptfoo's RAG context is, for an agent, what it looked up. */
const RETRIEVED = 'the context the agent retrieved (its tool results and the files it read)';

const quoted = (value: unknown): string => `"${typeof value === 'string' ? value : JSON.stringify(value)}"`;
const context = (check: Check): string =>
  typeof check.context === 'string' && check.context.trim() !== ''
    ? `this context: ${quoted(check.context)}`
    : RETRIEVED;

/**
 * promptfoo's model-graded assertion types as one judge criterion each, saying what that type grades
 * (from promptfoo's documentation), with the check's value quoted. `needsValue` names what `value` holds
 * when the type cannot be graded without one.
 */
export const MODEL_GRADED: Readonly<
  Record<string, { summary: string; criterion: (check: Check) => string; needsValue?: string }>
> = {
  factuality: {
    summary: 'the answer is consistent with the reference statement',
    criterion: (c) =>
      `The final answer is factually consistent with this reference (it may add or leave out details, but must not contradict it): ${quoted(c.value)}`,
    needsValue: 'the reference statement',
  },
  'model-graded-factuality': {
    summary: 'the answer is consistent with the reference statement',
    criterion: (c) =>
      `The final answer is factually consistent with this reference (it may add or leave out details, but must not contradict it): ${quoted(c.value)}`,
    needsValue: 'the reference statement',
  },
  'model-graded-closedqa': {
    summary: 'the answer meets the criterion',
    criterion: (c) => `The final answer meets this criterion: ${quoted(c.value)}`,
    needsValue: 'the criterion',
  },
  'answer-relevance': {
    summary: 'the answer is relevant to the request',
    criterion: () =>
      "The final answer is directly relevant to the user's request: it addresses what was asked, without unrelated content.",
  },
  'context-faithfulness': {
    summary: "the answer's claims are supported by the context",
    criterion: (c) =>
      `Every claim in the final answer is supported by ${context(c)}; nothing in it is made up or contradicts that context.`,
  },
  'context-recall': {
    summary: 'the context holds the ground-truth statement',
    criterion: (c) => `${capitalise(context(c))} contains the information in this statement: ${quoted(c.value)}`,
    needsValue: 'the ground-truth statement',
  },
  'context-relevance': {
    summary: 'the context is relevant to the request',
    criterion: (c) => `${capitalise(context(c))} is relevant to the user's request, with little unrelated material.`,
  },
  'conversation-relevance': {
    summary: 'each reply is relevant to the messages before it',
    criterion: () =>
      "Each of the assistant's replies in the conversation is relevant to the user's messages before it.",
  },
  'search-rubric': {
    summary: 'the answer meets the criterion, facts current',
    criterion: (c) =>
      `The final answer meets this criterion, with its factual claims correct as of today: ${quoted(c.value)}`,
    needsValue: 'the criterion',
  },
  'trajectory:goal-success': {
    summary: 'the agent achieved the goal',
    criterion: (c) =>
      `Judged from its tool calls and its final answer, the agent achieved this goal: ${quoted(c.value)}`,
    needsValue: 'the goal',
  },
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
