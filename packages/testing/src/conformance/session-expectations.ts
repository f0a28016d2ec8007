import type { Session } from '@skill-eval/core';
import type { RecordedRequest } from '@skill-eval/model-server';
import { expect } from 'vitest';

/** `role:text` of the user and assistant messages, in order. */
export const dialogue = (session: Session): string[] =>
  session.events.flatMap((e) => (e.type === 'message' && e.role !== 'system' ? [`${e.role}:${e.text}`] : []));

/** The request body as JSON text, for "does the model see X" assertions. */
export const bodyText = (request: RecordedRequest | undefined): string => JSON.stringify(request?.body ?? null);

/** `text` as it appears inside a JSON string (newlines and quotes escaped). */
export const asJsonFragment = (text: string): string => JSON.stringify(text).slice(1, -1);

/** A run that finished normally: completed, no error, an answer that is also the last assistant message. */
export function expectCompleted(session: Session, engineId: string): void {
  expect(session.error, `the session failed: ${session.error?.message}`).toBeUndefined();
  expect(session.status).toBe('completed');
  expect(session.engineId).toBe(engineId);
  expect(session.finalMessage).not.toBe('');
  const assistant = session.events.filter((e) => e.type === 'message' && e.role === 'assistant');
  expect(assistant.at(-1), 'the final message is the last assistant message event').toMatchObject({
    text: session.finalMessage,
  });
}

/** A run failed by the model API: status error, code ENGINE_FAILED (core: "API error"), a message to read. */
export function expectFailed(session: Session): void {
  expect(session.status).toBe('error');
  expect(session.error?.code).toBe('ENGINE_FAILED');
  expect(session.error?.message.trim()).not.toBe('');
}

/** Every tool call has its result, and the events hold each call before its result. */
export function expectPairedToolCalls(session: Session): void {
  expect(session.toolCalls.length).toBeGreaterThan(0);
  const index = (type: 'tool-call' | 'tool-result', id: string) =>
    session.events.findIndex((e) => e.type === type && e.id === id);
  for (const call of session.toolCalls) {
    expect(typeof call.output, `tool call ${call.name} (${call.id}) has a result`).toBe('string');
    const callAt = index('tool-call', call.id);
    expect(callAt, `tool call ${call.id} is an event`).toBeGreaterThanOrEqual(0);
    expect(index('tool-result', call.id), `the result of ${call.id} follows its call`).toBeGreaterThan(callAt);
  }
  expect(new Set(session.toolCalls.map((call) => call.id)).size).toBe(session.toolCalls.length);
}
