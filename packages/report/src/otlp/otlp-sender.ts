import type { Redactor } from '@skill-eval/core';
import { exportRequest, type SpanRecord } from './otlp-json.js';
import type { OtlpTarget } from './otlp-target.js';

export interface OtlpSenderOptions {
  target: Pick<OtlpTarget, 'url' | 'headers'>;
  redact: Redactor;
  /** Where the one warning goes when the traces cannot be sent. */
  warn: (line: string) => void;
  serviceVersion?: string;
  /** Spans gathered before a request is sent at once. */
  batchSize?: number;
  /** How long spans wait for more before they are sent. */
  delayMs?: number;
  /** How long one request may take (the specification's default OTLP timeout is 10 s). */
  requestTimeoutMs?: number;
  fetch?: typeof fetch;
}

export interface OtlpSender {
  add(spans: readonly SpanRecord[]): void;
  /** Sends what is gathered now, without waiting for it. */
  flush(): void;
  /**
   * Sends what is left and waits for every request, at most `waitMs`: the run's end waits that long for its traces,
   * and no longer.
   */
  close(waitMs?: number): Promise<void>;
}

/**
 * Posts spans to an OTLP/HTTP endpoint in batches, in the background: the run never waits for a request, and a
 * collector that is down or refuses them costs one warning, after which nothing more is sent. A 429, 502, 503 or 504
 * is tried once more (the retryable codes of opentelemetry-proto ac2c4b5d, docs/specification.md lines 638-649).
 */
export function createOtlpSender(options: OtlpSenderOptions): OtlpSender {
  const { target, redact, warn } = options;
  const batchSize = options.batchSize ?? 256;
  const delayMs = options.delayMs ?? 1000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const post = options.fetch ?? fetch;
  let queue: SpanRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  let failed = false;
  const inFlight = new Set<Promise<void>>();
  // Aborted when the run stops waiting: a request still open would keep the process alive after the run.
  const stop = new AbortController();
  const where = safeUrl(target.url);

  const fail = (reason: string) => {
    if (failed) return;
    failed = true;
    warn(
      `skill-eval: traces could not be sent to ${where} (${reason}); the run goes on without them, and its results are in the run directory.`,
    );
  };

  const request = async (body: string): Promise<Response> =>
    post(target.url, {
      method: 'POST',
      headers: {
        ...target.headers,
        'content-type': 'application/json',
        'user-agent': `skill-eval${options.serviceVersion ? `/${options.serviceVersion}` : ''}`,
      },
      body,
      signal: AbortSignal.any([AbortSignal.timeout(requestTimeoutMs), stop.signal]),
    });

  const send = async (spans: SpanRecord[]) => {
    const body = JSON.stringify(exportRequest(spans, { serviceVersion: options.serviceVersion }, redact));
    try {
      let response = await request(body);
      if (RETRYABLE.has(response.status) && !failed) {
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 500).unref());
        response = await request(body);
      }
      await response.body?.cancel();
      if (!response.ok) fail(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    } catch (error) {
      fail(reasonOf(error));
    }
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const spans = queue;
    queue = [];
    if (failed) return;
    const sending = send(spans).finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  };

  return {
    add(spans) {
      if (failed) return;
      queue.push(...spans);
      if (queue.length >= batchSize) flush();
      else timer ??= setTimeout(flush, delayMs).unref();
    },
    flush,
    async close(waitMs = 10_000) {
      flush();
      if (inFlight.size === 0) return;
      let timeout: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        Promise.allSettled([...inFlight]).then(() => false),
        new Promise<boolean>((resolve) => {
          timeout = setTimeout(() => resolve(true), waitMs);
        }),
      ]);
      clearTimeout(timeout);
      if (!gaveUp) return;
      fail(
        `no answer within ${waitMs >= 1000 ? `${Math.round(waitMs / 1000)} s` : `${waitMs} ms`} at the end of the run`,
      );
      stop.abort();
    },
  };
}

const RETRYABLE = new Set([429, 502, 503, 504]);

/** The endpoint as a warning may show it: without a user or password in it. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/** Why a request failed, in words: fetch hides the network error (ECONNREFUSED …) in its cause. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if ((error as Error)?.name === 'TimeoutError') return 'no answer in time';
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
}
