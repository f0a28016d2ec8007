import { describe, expect, it } from 'vitest';
import { JsonDiagnosticSink } from './json-diagnostic-sink.js';
import { parseJson, property } from './parse-json.js';

describe('JsonDiagnosticSink', () => {
  const text = '{\n  "evals": [\n    { "prompt": 3 }\n  ]\n}\n';
  const json = parseJson(text);
  const prompt = property(property(json.root, 'evals')?.children?.[0], 'prompt');

  it('places a diagnostic at the JSON node, from where it starts to where it ends, under the format id', () => {
    const sink = new JsonDiagnosticSink<'wrong-type'>('/evals/evals.json', 'evals-json', json.positionAt);
    sink.error('wrong-type', '"prompt" must be a string', prompt);
    expect(sink.diagnostics).toEqual([
      {
        severity: 'error',
        ruleId: 'evals-json/wrong-type',
        message: '"prompt" must be a string',
        file: '/evals/evals.json',
        line: 3,
        column: 17,
        endLine: 3,
        endColumn: 18,
      },
    ]);
    // A case's source is where its node starts.
    expect(sink.position(prompt)).toEqual({ line: 3, column: 17 });
  });

  it('takes an explicit position as it is, and no position for a missing node', () => {
    const sink = new JsonDiagnosticSink<'syntax'>('/evals/evals.json', 'evals-json', json.positionAt);
    sink.warning('syntax', 'odd', { line: 9, column: 2 });
    expect(sink.diagnostics[0]).toMatchObject({ line: 9, column: 2 });
    expect(sink.position(undefined)).toBeUndefined();
  });
});
