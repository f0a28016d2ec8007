import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPromptfoo, loadTemplateEngine } from '@skill-eval/format-promptfoo';
import { gradePromptfooAnswer } from '../grade-promptfoo-answer.js';
import type { PeerVerdict } from '../peers/peer-verdict.js';
import type { PromptfooPair } from '../promptfoo-pairs.js';

/**
 * Grades every pair as skill-eval grades a promptfoo config: the pair is written as a `promptfooconfig.json` of one
 * test (JSON keeps every value's type) and read by the promptfoo format, so the assertions reach grading as that
 * format reads them — refused where it refuses them, coerced where promptfoo coerces — then graded on the answer.
 */
export async function skillEvalConfigVerdicts(pairs: readonly PromptfooPair[]): Promise<Map<string, PeerVerdict>> {
  await loadTemplateEngine();
  const dir = mkdtempSync(path.join(tmpdir(), 'differential-config-'));
  const file = path.join(dir, 'promptfooconfig.json');
  try {
    const verdicts = new Map<string, PeerVerdict>();
    for (const pair of pairs) verdicts.set(pair.id, await grade(pair, file, dir));
    return verdicts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function grade(pair: PromptfooPair, file: string, workspace: string): Promise<PeerVerdict> {
  const test = {
    vars: pair.vars ?? {},
    assert: pair.assert,
    ...(pair.threshold === undefined ? {} : { threshold: pair.threshold }),
  };
  const config = JSON.stringify({ prompts: ['answer'], providers: ['echo'], tests: [test] });
  const { suites, diagnostics } = loadPromptfoo(file, config);
  const refused = diagnostics.find((d) => d.severity === 'error');
  if (refused) return { verdict: 'error', reason: `refused: ${refused.message}` };
  return gradePromptfooAnswer(suites[0]!, pair, workspace);
}
