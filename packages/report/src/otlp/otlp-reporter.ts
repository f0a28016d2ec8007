import type { Redactor, Reporter } from '@skill-eval/core';
import { executionSpans, type TimedEvent } from './execution-spans.js';
import { bool, dbl, int, SPAN_KIND, type SpanRecord, STATUS, spanId, str, traceId } from './otlp-json.js';
import { createOtlpSender, type OtlpSender, type OtlpSenderOptions } from './otlp-sender.js';
import type { OtlpTarget } from './otlp-target.js';

export interface OtlpExporter {
  /** What the run tells, as a reporter: its start, each engine event, each result, its end. */
  reporter: Reporter;
  /** Sends what is left; waits at most `waitMs` (default 10 s) for the collector. Never throws. */
  close(waitMs?: number): Promise<void>;
}

export interface OtlpExporterOptions extends Omit<OtlpSenderOptions, 'target'> {
  target: Pick<OtlpTarget, 'url' | 'headers'>;
  /** The run's redaction, applied to every text of every span (see otlp-json.ts). */
  redact: Redactor;
  /** The clock, for tests. */
  now?: () => number;
}

/**
 * Exports a run as OpenTelemetry traces: one trace per run, its root span the run, a span per execution under it with
 * its model turns, tool calls and judge (see execution-spans.ts). It only reads what the run reports, as the other
 * reporters do — results as they are written, engine events as they happen (for their times) — and sends in the
 * background, so the run never waits on the collector but for the bounded wait of {@link OtlpExporter.close}.
 */
export function createOtlpExporter(options: OtlpExporterOptions): OtlpExporter {
  const now = options.now ?? Date.now;
  const sender: OtlpSender = createOtlpSender(options);
  const run = { traceId: traceId(), spanId: spanId(), startMs: now() };
  const events = new Map<string, TimedEvent[]>();
  const reporter: Reporter = {
    onRunStart() {
      run.startMs = now();
    },
    onEvent(execution, event) {
      const timed = events.get(execution.executionId) ?? [];
      if (timed.length === 0) events.set(execution.executionId, timed);
      timed.push({ event, at: now() });
    },
    onResult(result) {
      // A retried execution reported each attempt's events; its result is the last attempt's, started at startedAt.
      const started = Date.parse(result.startedAt);
      const timed = (events.get(result.executionId) ?? []).filter(({ at }) => at >= started);
      events.delete(result.executionId);
      sender.add(executionSpans(result, timed, run));
    },
    onRunEnd(summary) {
      const { totals } = summary;
      const span: SpanRecord = {
        traceId: run.traceId,
        spanId: run.spanId,
        name: 'skill-eval run',
        kind: SPAN_KIND.internal,
        startMs: run.startMs,
        endMs: now(),
        attributes: {
          'skill_eval.run.id': str(summary.runId),
          'skill_eval.executions': int(totals.executions),
          'skill_eval.passed': int(totals.passed),
          'skill_eval.failed': int(totals.failed),
          'skill_eval.errors': int(totals.errors),
          'skill_eval.skipped': int(totals.skipped),
          'skill_eval.cost_usd': dbl(totals.costUsd),
          'skill_eval.interrupted': bool(summary.interrupted),
        },
        status: {
          code: summary.caseTotals.failed + summary.caseTotals.errors === 0 ? STATUS.ok : STATUS.error,
        },
      };
      sender.add([span]);
      sender.flush();
    },
  };
  return {
    reporter,
    async close(waitMs) {
      try {
        await sender.close(waitMs);
      } catch {
        // Tracing never fails a run; the sender has warned.
      }
    },
  };
}
