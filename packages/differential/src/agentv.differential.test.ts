import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentvPairs } from './agentv-pairs.js';
import { compareVerdicts } from './compare.js';
import { agentvVerdicts } from './peers/agentv-peer.js';
import { skillEvalAgentvVerdicts } from './skill-eval-agentv.js';

describe('skill-eval against AgentV 4.42.4', () => {
  const pairs = agentvPairs();
  let result: ReturnType<typeof compareVerdicts>;
  beforeAll(async () => {
    const [peer, ours] = await Promise.all([agentvVerdicts(pairs), skillEvalAgentvVerdicts(pairs)]);
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
