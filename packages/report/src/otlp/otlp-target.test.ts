import { describe, expect, it } from 'vitest';
import { otlpTarget } from './otlp-target.js';

// The endpoint rules of opentelemetry-specification 1377f53b, specification/protocol/exporter.md lines 104-169
// (examples 1-3), and the header format of line 188 as opentelemetry-js reads it.
describe('otlpTarget', () => {
  it('asks for no traces when neither --otlp nor an OTLP endpoint variable is set', () => {
    expect(otlpTarget(undefined, { OTEL_EXPORTER_OTLP_HEADERS: 'a=b' })).toBeUndefined();
  });

  it('appends v1/traces to the generic endpoint, after a slash (examples 1 and 3)', () => {
    expect(otlpTarget(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })?.url).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(otlpTarget(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/mycollector/' })?.url).toBe(
      'http://collector:4318/mycollector/v1/traces',
    );
  });

  it('uses the traces endpoint as is, over the generic one, with the root path when it has none (example 2)', () => {
    const env = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://generic:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318',
    };
    expect(otlpTarget(undefined, env)).toMatchObject({
      url: 'http://collector:4318/',
      from: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    });
    expect(otlpTarget(undefined, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://x.example/api/traces' })?.url).toBe(
      'https://x.example/api/traces',
    );
  });

  it('takes --otlp over every variable, as a base URL unless it already ends in /v1/traces', () => {
    const env = { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://elsewhere:4318/v1/traces' };
    expect(otlpTarget('http://localhost:6006', env)).toMatchObject({
      url: 'http://localhost:6006/v1/traces',
      from: '--otlp',
    });
    expect(otlpTarget('https://cloud.example/api/public/otel/v1/traces', {})?.url).toBe(
      'https://cloud.example/api/public/otel/v1/traces',
    );
  });

  it('merges the generic and the traces headers, the traces’ winning per key, values trimmed and decoded', () => {
    const target = otlpTarget('http://localhost:4318', {
      OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Basic%20abc, x-tenant = crew ,x-drop=1;prop=2',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-tenant=traces',
    });
    expect(target?.headers).toEqual({ Authorization: 'Basic abc', 'x-tenant': 'traces', 'x-drop': '1' });
    expect(target?.notes).toEqual([]);
  });

  it('leaves out a header entry that is not key=value and says so by the variable, not the value', () => {
    const target = otlpTarget('http://localhost:4318', { OTEL_EXPORTER_OTLP_HEADERS: 'secret-token-value,a=b,=c' });
    expect(target?.headers).toEqual({ a: 'b' });
    expect(target?.notes).toEqual(['OTEL_EXPORTER_OTLP_HEADERS: 2 entries are not key=value and are not sent.']);
    expect(target?.notes.join('')).not.toContain('secret-token-value');
  });

  it('says that a grpc protocol is not what it sends', () => {
    const target = otlpTarget(undefined, {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4317',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
    });
    expect(target?.notes[0]).toMatch(
      /OTEL_EXPORTER_OTLP_PROTOCOL is grpc, but skill-eval sends traces over OTLP\/HTTP/,
    );
  });

  it('refuses an endpoint that is not an http(s) URL, naming where it was set', () => {
    expect(() => otlpTarget('localhost:4318', {})).toThrow(/--otlp is not an http\(s\) URL: "localhost:4318"/);
    expect(() => otlpTarget(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT is not an http\(s\) URL/,
    );
  });
});
