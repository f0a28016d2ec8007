import { normalizeCheck, SessionSchema, CaseSchema } from '@skill-eval/core';
import { runCheck } from './dist/checks/run-check.js';
const testCase = CaseSchema.parse({ id: 'c', name: 'c', kind: 'task', turns: ['x'], source: { file: 'e.json', format: 'evals-json' } });
const answers = {
  longA: 'a'.repeat(4 << 20),
  brackets: '['.repeat(1 << 20),
  braces: '{"a":'.repeat(200000),
  angle: '<a>'.repeat(300000),
  angleOpen: '<'.repeat(1 << 20),
  words: 'the cat sat on the mat '.repeat(150000),
  newlines: '\n'.repeat(1 << 20),
  quotes: '"'.repeat(1 << 20),
  sqlish: 'SELECT '.repeat(200000),
};
const checks = [
  { type: 'contains', value: 'zzz' }, { type: 'icontains', value: 'ZZZ' }, { type: 'regex', value: 'z+$' },
  { type: 'contains-any', value: ['x', 'y'] }, { type: 'starts-with', value: 'q' }, { type: 'equals', value: 'q' },
  { type: 'is-json' }, { type: 'contains-json' }, { type: 'word-count', value: 3 }, { type: 'levenshtein', value: 'hello' },
  { type: 'is-html' }, { type: 'contains-html' }, { type: 'is-xml' }, { type: 'contains-xml' }, { type: 'is-sql' }, { type: 'contains-sql' },
  { type: 'is-refusal' }, { type: 'rouge-n', value: 'the cat sat on the mat' }, { type: 'bleu', value: 'the cat sat on the mat' },
  { type: 'gleu', value: 'the cat sat on the mat' }, { type: 'is-valid-function-call' }, { type: 'is-valid-openai-tools-call' },
  { type: 'field-accuracy', value: { a: 1 } },
];
const only = process.argv[2];
for (const c of checks) {
  if (only && c.type !== only) continue;
  for (const [name, finalMessage] of Object.entries(answers)) {
    const session = SessionSchema.parse({ status: 'completed', engineId: 'f', finalMessage });
    const t = performance.now();
    let r;
    try { r = await runCheck(normalizeCheck(c), 'check', { testCase, session, workspace: '/nonexistent' }); } catch (e) { r = { error: e.message }; }
    const ms = performance.now() - t;
    if (ms > 300) console.log(c.type.padEnd(24), name.padEnd(10), ms.toFixed(0).padStart(7), 'ms', r.error ? `error ${String(r.error?.message ?? r.error).slice(0,80)}` : '');
  }
}
console.log('done');
