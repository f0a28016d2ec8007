import { createRedactor, type SessionEvent } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { caseResult } from '../test-support/results.js';
import { executionSpans, type TimedEvent } from './execution-spans.js';
import { exportRequest, MAX_ATTRIBUTE_CHARS, type SpanRecord } from './otlp-json.js';

const start = Date.parse('2025-01-01T00:00:00.000Z');
const timed = (events: SessionEvent[]): TimedEvent[] =>
  events.map((event, i) => ({ event, at: start + 100 * (i + 1) }));
const parent = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16) };
const attr = (span: SpanRecord, key: string) => span.attributes[key];

const EVENTS = timed([
  { type: 'message', role: 'user', text: 'Greet the crew.' },
  { type: 'tool-call', id: 'call-1', name: 'Skill', input: { skill: 'crew' } },
  { type: 'skill', name: 'crew', via: 'tool' },
  { type: 'tool-result', id: 'call-1', output: 'loaded', isError: false },
  { type: 'message', role: 'assistant', text: 'Ahoy, crew!' },
]);

describe('executionSpans', () => {
  const result = caseResult({
    model: 'claude-sonnet-4-5',
    session: {
      status: 'completed',
      engineId: 'claude-code',
      usage: { inputTokens: 1200, cacheReadTokens: 11_100, outputTokens: 850 },
      costUsd: 0.0123,
      skillsInvoked: [{ name: 'crew', via: 'tool' }],
    },
    judge: { engine: 'anthropic', model: 'claude-haiku-4-5', promptVersion: 'v3', costUsd: 0.001 },
    checks: [
      { type: 'llm-rubric', name: 'greets the crew', passed: true, score: 1, evidence: 'says Ahoy' },
      { type: 'contains', name: 'says aye', passed: false, score: 0 },
    ],
    status: 'failed',
    score: 0.5,
  });
  const spans = executionSpans(result, EVENTS, parent);
  const [execution, ...children] = spans;

  it('makes the execution an invoke_agent span under the run, with the case, verdict, tokens and cost', () => {
    expect(execution).toMatchObject({
      parentSpanId: parent.spanId,
      traceId: parent.traceId,
      name: 'extracts tables [with_skill] #1',
      startMs: start,
      endMs: start + 1234,
      status: { code: 2, message: 'failed' },
    });
    expect(execution!.attributes).toMatchObject({
      'gen_ai.operation.name': { stringValue: 'invoke_agent' },
      'gen_ai.provider.name': { stringValue: 'anthropic' },
      'gen_ai.system': { stringValue: 'anthropic' },
      'gen_ai.agent.name': { stringValue: 'claude-code' },
      'gen_ai.request.model': { stringValue: 'claude-sonnet-4-5' },
      // Cached input counts as input (gen-ai-spans.md line 161): 1200 + 11100.
      'gen_ai.usage.input_tokens': { intValue: '12300' },
      'gen_ai.usage.output_tokens': { intValue: '850' },
      'gen_ai.usage.cache_read.input_tokens': { intValue: '11100' },
      'skill_eval.case.id': { stringValue: '1' },
      'skill_eval.variant': { stringValue: 'with_skill' },
      'skill_eval.repeat': { intValue: '1' },
      'skill_eval.verdict': { stringValue: 'failed' },
      'skill_eval.score': { doubleValue: 0.5 },
      'skill_eval.cost_usd': { doubleValue: 0.0123 },
      'skill_eval.checks.failed_names': { arrayValue: { values: [{ stringValue: 'says aye' }] } },
      'skill_eval.skills_invoked': { arrayValue: { values: [{ stringValue: 'crew (tool)' }] } },
    });
  });

  it('gives each check a gen_ai.evaluation.result event', () => {
    expect(
      execution!.events?.map((e) => [
        e.name,
        e.attributes['gen_ai.evaluation.name'],
        e.attributes['gen_ai.evaluation.score.label'],
      ]),
    ).toEqual([
      ['gen_ai.evaluation.result', { stringValue: 'greets the crew' }, { stringValue: 'pass' }],
      ['gen_ai.evaluation.result', { stringValue: 'says aye' }, { stringValue: 'fail' }],
    ]);
    expect(execution!.events?.[0]?.attributes['gen_ai.evaluation.explanation']).toEqual({ stringValue: 'says Ahoy' });
  });

  it('makes a chat span per model turn, timed from what it answered to its last event', () => {
    const chats = children.filter((s) => s.name.startsWith('chat '));
    expect(chats.map((s) => [s.name, s.startMs - start, s.endMs - start, s.parentSpanId])).toEqual([
      ['chat claude-sonnet-4-5', 100, 200, execution!.spanId],
      ['chat claude-sonnet-4-5', 400, 500, execution!.spanId],
    ]);
    expect(JSON.parse((attr(chats[1]!, 'gen_ai.output.messages') as { stringValue: string }).stringValue)).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'Ahoy, crew!' }], finish_reason: 'stop' },
    ]);
    // Two turns share the session's token count: neither claims it.
    expect(attr(chats[0]!, 'gen_ai.usage.input_tokens')).toBeUndefined();
  });

  it('makes an execute_tool span per tool call under the turn that made it, until its result', () => {
    const tool = children.find((s) => s.name === 'execute_tool Skill')!;
    const firstTurn = children.find((s) => s.name.startsWith('chat '))!;
    expect(tool).toMatchObject({ parentSpanId: firstTurn.spanId, startMs: start + 200, endMs: start + 400, kind: 1 });
    expect(tool.attributes).toMatchObject({
      'gen_ai.operation.name': { stringValue: 'execute_tool' },
      'gen_ai.tool.name': { stringValue: 'Skill' },
      'gen_ai.tool.call.id': { stringValue: 'call-1' },
      'gen_ai.tool.call.arguments': { stringValue: '{"skill":"crew"}' },
      'gen_ai.tool.call.result': { stringValue: 'loaded' },
    });
  });

  it('makes a judge span after the agent’s last event, with its model and cost', () => {
    const judge = children.find((s) => s.name === 'judge claude-haiku-4-5')!;
    expect(judge).toMatchObject({ parentSpanId: execution!.spanId, startMs: start + 500, endMs: start + 1234 });
    expect(judge.attributes).toMatchObject({
      'gen_ai.operation.name': { stringValue: 'chat' },
      'gen_ai.request.model': { stringValue: 'claude-haiku-4-5' },
      'skill_eval.cost_usd': { doubleValue: 0.001 },
    });
  });

  it('gives a single turn the session’s tokens, and a cached result no turn at all', () => {
    const one = executionSpans(result, timed([{ type: 'message', role: 'assistant', text: 'hi' }]), parent);
    expect(attr(one[1]!, 'gen_ai.usage.output_tokens')).toEqual({ intValue: '850' });
    expect(executionSpans(caseResult({ cached: true }), [], parent)).toHaveLength(1);
  });
});

describe('exportRequest', () => {
  const secret = 'sk-live-0123456789abcdef';
  const redact = createRedactor([secret]);
  const result = caseResult({ caseName: `uses ${secret}`, error: { code: 'ENGINE', message: `bad ${secret}` } });
  const events = timed([
    { type: 'tool-call', id: 'c', name: 'Bash', input: { command: `curl -H "x-api-key: ${secret}"` } },
    { type: 'tool-result', id: 'c', output: `${'x'.repeat(MAX_ATTRIBUTE_CHARS - 4)}${secret}`, isError: false },
  ]);
  const body = JSON.stringify(
    exportRequest(executionSpans(result, events, parent), { serviceVersion: '1.2.3' }, redact),
  );

  it('redacts every text of every span, names and long values cut after redaction', () => {
    expect(body).not.toContain(secret);
    // Cut before redaction, the secret's first characters would be left at the cut.
    expect(body).not.toContain(`x${secret.slice(0, 4)}`);
    expect(body).toContain('uses [REDACTED]');
    expect(body).toContain('x-api-key: [REDACTED]');
  });

  it('is OTLP JSON: hex ids, nanosecond times as strings, integer enums, resource and scope', () => {
    const request = JSON.parse(body);
    const [resourceSpans] = request.resourceSpans;
    expect(resourceSpans.resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'skill-eval' },
    });
    const span = resourceSpans.scopeSpans[0].spans[0];
    expect(span).toMatchObject({
      traceId: parent.traceId,
      parentSpanId: parent.spanId,
      kind: 3,
      startTimeUnixNano: `${start}000000`,
      endTimeUnixNano: `${start + 1234}000000`,
    });
    expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
  });
});
