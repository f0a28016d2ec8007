import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareVerdicts } from './compare.js';
import { promptfooVerdicts } from './peers/promptfoo-peer.js';
import { promptfooPairs } from './promptfoo-pairs.js';
import { skillEvalPromptfooVerdicts } from './skill-eval-promptfoo.js';

describe('skill-eval against promptfoo 0.123.1', () => {
  const pairs = promptfooPairs();
  let result: ReturnType<typeof compareVerdicts>;
  beforeAll(async () => {
    const [peer, ours] = await Promise.all([promptfooVerdicts(pairs), skillEvalPromptfooVerdicts(pairs)]);
    result = compareVerdicts(peer, ours);
    if (process.env.DIFFERENTIAL_REPORT)
      writeFileSync(process.env.DIFFERENTIAL_REPORT, JSON.stringify(result, null, 1));
  });

  it('grades at least 500 pairs', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(500);
  });

  it('agrees on at least 99% of them', () => {
    expect(result.agreement).toBeGreaterThanOrEqual(0.99);
  });
});
