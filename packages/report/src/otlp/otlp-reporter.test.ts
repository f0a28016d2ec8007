import { createRedactor } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { caseResult, planned, runSummary } from '../test-support/results.js';
import { createOtlpExporter } from './otlp-reporter.js';

interface Span {
  name: string;
  spanId: string;
  parentSpanId?: string;
  traceId: string;
  status?: { code: number };
}

/** An exporter whose requests are kept, not sent; its clock is `clock.now`. */
function exporter() {
  const bodies: { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] }[] = [];
  const clock = { now: Date.parse('2025-01-01T00:00:00.000Z') };
  const traces = createOtlpExporter({
    target: { url: 'http://127.0.0.1:1/v1/traces', headers: {} },
    redact: createRedactor([]),
    warn: () => {},
    now: () => clock.now,
    fetch: async (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response('{}', { status: 200 });
    },
  });
  const spans = () => bodies.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
  return { traces, clock, spans };
}

describe('createOtlpExporter', () => {
  it('makes one trace: the run at its root, each execution under it, sent by the end of the run', async () => {
    const { traces, clock, spans } = exporter();
    const passed = caseResult({ executionId: 'a' });
    const failed = caseResult({ executionId: 'b', status: 'failed', score: 0 });
    await traces.reporter.onRunStart?.([planned(passed), planned(failed)], '/runs/x');
    await traces.reporter.onResult?.(passed);
    await traces.reporter.onResult?.(failed);
    clock.now += 5000;
    const caseTotals = { cases: 2, passed: 1, failed: 1, errors: 0, skipped: 0 };
    await traces.reporter.onRunEnd?.(runSummary([passed, failed], '/runs/x', { caseTotals }), [passed, failed]);
    await traces.close(1000);
    const all = spans();
    const root = all.find((s) => !s.parentSpanId)!;
    expect(root).toMatchObject({ name: 'skill-eval run', status: { code: 2 } });
    expect(all.filter((s) => s.parentSpanId === root.spanId).map((s) => s.status?.code)).toEqual([1, 2]);
    expect(new Set(all.map((s) => s.traceId)).size).toBe(1);
  });

  it('builds a retried execution’s turns from its last attempt only', async () => {
    const { traces, clock, spans } = exporter();
    const result = caseResult({ startedAt: new Date(clock.now + 1000).toISOString(), attempts: 2 });
    await traces.reporter.onRunStart?.([planned(result)], '/runs/x');
    await traces.reporter.onEvent?.(planned(result), { type: 'message', role: 'assistant', text: 'first attempt' });
    clock.now += 1500;
    await traces.reporter.onEvent?.(planned(result), { type: 'message', role: 'assistant', text: 'last attempt' });
    await traces.reporter.onResult?.(result);
    await traces.close(1000);
    expect(spans().filter((s) => s.name.startsWith('chat '))).toHaveLength(1);
    expect(JSON.stringify(spans())).not.toContain('first attempt');
  });
});
