import { SkillEvalError } from '@skill-eval/core';

type Env = Readonly<Record<string, string | undefined>>;

/** Where a run's traces go: the URL they are posted to and the headers sent with them. */
export interface OtlpTarget {
  /** The OTLP/HTTP traces URL (`…/v1/traces`). */
  url: string;
  /** Headers from `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_EXPORTER_OTLP_TRACES_HEADERS` (the latter wins per key). */
  headers: Record<string, string>;
  /** Where the URL came from: `--otlp`, or the variable that set it. */
  from: string;
  /** What was set but is not used, in a sentence each (a header entry that is not `key=value`). */
  notes: string[];
}

/** The variables that choose a trace endpoint: the CLI imports the exporter only when one of them, or --otlp, is set. */
export const OTLP_ENDPOINT_VARIABLES = ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT'] as const;

const TRACES_PATH = 'v1/traces';

/**
 * The traces endpoint of a run, or undefined when nothing asks for traces. `--otlp` wins; then, as the OpenTelemetry
 * specification has it (opentelemetry-specification 1377f53b, specification/protocol/exporter.md lines 104-118), the
 * per-signal `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is used as is and the generic `OTEL_EXPORTER_OTLP_ENDPOINT` gets
 * `v1/traces` appended after a slash. `--otlp` names the collector as the generic variable does (`http://host:4318`),
 * and a URL that already ends in `/v1/traces` is taken as it is. Only `env` is read: the caller passes the user's own
 * environment, never a project's `.env`, so that nothing in the project can redirect the traces.
 */
export function otlpTarget(flag: string | undefined, env: Env): OtlpTarget | undefined {
  const chosen = chosenEndpoint(flag, env);
  if (!chosen) return undefined;
  const notes: string[] = [];
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (protocol === 'grpc') {
    notes.push(
      `OTEL_EXPORTER_OTLP${env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ? '_TRACES' : ''}_PROTOCOL is grpc, but skill-eval sends traces over OTLP/HTTP (JSON): point the endpoint at the collector's HTTP port (4318 by default).`,
    );
  }
  // Combined, the traces' own taking precedence per key, as opentelemetry-js does (61126358,
  // experimental/packages/otlp-exporter-base/src/configuration/otlp-node-http-env-configuration.ts lines 14-45).
  const headers = {
    ...parseHeaders('OTEL_EXPORTER_OTLP_HEADERS', env.OTEL_EXPORTER_OTLP_HEADERS, notes),
    ...parseHeaders('OTEL_EXPORTER_OTLP_TRACES_HEADERS', env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, notes),
  };
  return { ...chosen, headers, notes };
}

function chosenEndpoint(flag: string | undefined, env: Env): { url: string; from: string } | undefined {
  if (flag !== undefined) {
    const base = validUrl(flag, '--otlp');
    return { url: base.pathname.endsWith(`/${TRACES_PATH}`) ? base.href : withTracesPath(flag), from: '--otlp' };
  }
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  // Used as is; only a URL without a path gets the root path `/`, which URL's href gives it.
  if (traces)
    return {
      url: validUrl(traces, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT').href,
      from: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    };
  const generic = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (generic) {
    validUrl(generic, 'OTEL_EXPORTER_OTLP_ENDPOINT');
    return { url: withTracesPath(generic), from: 'OTEL_EXPORTER_OTLP_ENDPOINT' };
  }
  return undefined;
}

/** `base` with `v1/traces` after a slash (opentelemetry-js's appendResourcePathToUrl, same file, lines 60-90). */
const withTracesPath = (base: string): string =>
  new URL(`${base.endsWith('/') ? base : `${base}/`}${TRACES_PATH}`).href;

/** An http(s) URL, or a usage error naming where it was set. */
function validUrl(text: string, where: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(text.trim());
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new SkillEvalError('USAGE', `${where} is not an http(s) URL: ${JSON.stringify(text)}.`, {
      hint: 'Give the OTLP/HTTP endpoint of your collector or tracing tool, e.g. http://localhost:4318.',
    });
  }
  return url;
}

/**
 * `key1=value1,key2=value2`, as the specification says (W3C Baggage's format without its `;` properties; exporter.md
 * line 188) and as opentelemetry-js reads it (61126358, packages/opentelemetry-core/src/baggage/utils.ts lines 49-85
 * and 128-144): keys and values trimmed and percent-decoded, properties after `;` dropped. An entry that is not
 * `key=value` is left out, and said so in `notes` (by the variable's name, never its value: it may hold a token).
 */
function parseHeaders(name: string, text: string | undefined, notes: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!text) return headers;
  let skipped = 0;
  for (const entry of text.split(',')) {
    if (!entry.trim()) continue;
    const pair = entry.split(';')[0]!;
    const at = pair.indexOf('=');
    const key = decoded(pair.slice(0, Math.max(0, at)).trim());
    const value = decoded(pair.slice(at + 1).trim());
    if (at <= 0 || !key || !value || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key)) {
      skipped++;
      continue;
    }
    headers[key] = value;
  }
  if (skipped) {
    notes.push(
      `${name}: ${skipped} entr${skipped === 1 ? 'y is' : 'ies are'} not key=value and ${skipped === 1 ? 'is' : 'are'} not sent.`,
    );
  }
  return headers;
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
