import { randomBytes } from 'node:crypto';
import type { Redactor } from '@skill-eval/core';

// OTLP/HTTP's JSON encoding, written by hand: the proto3 JSON mapping with OTLP's deviations — hex trace and span ids,
// integer enums, lowerCamelCase keys, 64-bit integers as decimal strings (opentelemetry-proto ac2c4b5d,
// docs/specification.md lines 445-486; the message shapes: opentelemetry/proto/trace/v1/trace.proto and
// opentelemetry/proto/common/v1/common.proto). Nothing here needs the OpenTelemetry SDK.

/** An attribute value: strings, booleans, 64-bit integers, doubles and arrays of them (common.proto AnyValue). */
export type AttributeValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AttributeValue[] } };

export const str = (value: string): AttributeValue => ({ stringValue: value });
export const bool = (value: boolean): AttributeValue => ({ boolValue: value });
/** An int attribute (token counts): int64, so a decimal string in JSON. */
export const int = (value: number): AttributeValue => ({ intValue: String(Math.round(value)) });
/** A double attribute (scores, cost): a double even when the value is whole, so its type is the same on every span. */
export const dbl = (value: number): AttributeValue => ({ doubleValue: value });
export const strs = (values: readonly string[]): AttributeValue => ({ arrayValue: { values: values.map(str) } });

export type Attributes = Record<string, AttributeValue | undefined>;

/** trace.proto Span.SpanKind: INTERNAL 1, CLIENT 3 (lines 156-167). */
export const SPAN_KIND = { internal: 1, client: 3 } as const;
/** trace.proto Status.StatusCode: UNSET 0, OK 1, ERROR 2 (lines 318-323). */
export const STATUS = { unset: 0, ok: 1, error: 2 } as const;

/** One span as skill-eval builds it: times in epoch milliseconds; encoded by {@link exportRequest}. */
export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: (typeof SPAN_KIND)[keyof typeof SPAN_KIND];
  startMs: number;
  endMs: number;
  attributes: Attributes;
  events?: { name: string; timeMs: number; attributes: Attributes }[];
  status?: { code: (typeof STATUS)[keyof typeof STATUS]; message?: string };
}

/** A random trace id (16 bytes) or span id (8 bytes), hex. */
export const traceId = (): string => randomBytes(16).toString('hex');
export const spanId = (): string => randomBytes(8).toString('hex');

/** The longest text an attribute carries: a transcript's tool output can be megabytes; a trace needs the start. */
export const MAX_ATTRIBUTE_CHARS = 16_384;

/**
 * Every text that leaves in a span — names, attribute values, event attributes, status messages — goes through the
 * run's redaction first, then is cut to {@link MAX_ATTRIBUTE_CHARS}: cut first, a secret split at the cut would no
 * longer be found.
 */
function safeText(text: string, redact: Redactor): string {
  const redacted = redact.text(text);
  return redacted.length > MAX_ATTRIBUTE_CHARS ? `${redacted.slice(0, MAX_ATTRIBUTE_CHARS)}… [cut]` : redacted;
}

function safeValue(value: AttributeValue, redact: Redactor): AttributeValue {
  if ('stringValue' in value) return str(safeText(value.stringValue, redact));
  if ('arrayValue' in value)
    return { arrayValue: { values: value.arrayValue.values.map((v) => safeValue(v, redact)) } };
  return value;
}

const keyValues = (attributes: Attributes, redact: Redactor) =>
  Object.entries(attributes).flatMap(([key, value]) =>
    value === undefined ? [] : [{ key, value: safeValue(value, redact) }],
  );

/** Epoch milliseconds as fixed64 nanoseconds, a decimal string. */
const unixNano = (ms: number): string => (BigInt(Math.round(ms)) * 1_000_000n).toString();

/** An ExportTraceServiceRequest of `spans`, every text in it redacted by `redact`. */
export function exportRequest(
  spans: readonly SpanRecord[],
  resource: { serviceVersion?: string },
  redact: Redactor,
): unknown {
  return {
    resourceSpans: [
      {
        resource: {
          attributes: keyValues(
            {
              'service.name': str('skill-eval'),
              ...(resource.serviceVersion ? { 'service.version': str(resource.serviceVersion) } : {}),
            },
            redact,
          ),
        },
        scopeSpans: [
          {
            scope: { name: 'skill-eval', ...(resource.serviceVersion ? { version: resource.serviceVersion } : {}) },
            spans: spans.map((span) => ({
              traceId: span.traceId,
              spanId: span.spanId,
              ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
              name: safeText(span.name, redact),
              kind: span.kind,
              startTimeUnixNano: unixNano(span.startMs),
              endTimeUnixNano: unixNano(Math.max(span.startMs, span.endMs)),
              attributes: keyValues(span.attributes, redact),
              ...(span.events?.length
                ? {
                    events: span.events.map((event) => ({
                      timeUnixNano: unixNano(event.timeMs),
                      name: event.name,
                      attributes: keyValues(event.attributes, redact),
                    })),
                  }
                : {}),
              ...(span.status
                ? {
                    status: {
                      code: span.status.code,
                      ...(span.status.message ? { message: safeText(span.status.message, redact) } : {}),
                    },
                  }
                : {}),
            })),
          },
        ],
      },
    ],
  };
}
