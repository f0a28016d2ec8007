import { writeFileSync } from 'node:fs';
import type { Check } from '@skill-eval/core';
import { CORPUS_DIR } from '@skill-eval/testing/corpus';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type CorpusAgentvFile,
  compareLoaders,
  corpusAgentvFiles,
  type LoaderDifference,
} from './agentv-loader-comparison.js';
import { DELIBERATE_LOADER_DIFFERENCES, explainingLoaderDifference } from './agentv-loader-differences.js';
import { agentvGraderLines, agentvReading, skillEvalCheckLines } from './agentv-readings.js';

/**
 * Every AgentV eval file of corpus/, loaded by AgentV's own `loadTests` at the version it was written for (4.42.4 from
 * npm; 5 built from its source, vendor/agentv-5) and by skill-eval's AgentV reader: the test ids, the system prompt and
 * turns sent, the graders (type and key parameter), and refusals (AgentV refusing the file ⇔ an error here; AgentV
 * skipping a test ⇔ a warning here and no case). Each difference must be one agentv-loader-differences.ts lists.
 * `AGENTV_LOADERS_REPORT=<file>` writes every comparison there.
 */
const files = corpusAgentvFiles(CORPUS_DIR);
const shown = new Set<(typeof DELIBERATE_LOADER_DIFFERENCES)[number]>();
const report: Record<string, { version: string; agreeing: string[]; differences: LoaderDifference[] }> = {};

describe("AgentV's own loaders on every AgentV file in corpus/", () => {
  it('finds the AgentV files of corpus/, of both versions', () => {
    expect(files.filter((f) => f.version === '5').length).toBeGreaterThanOrEqual(40);
    expect(files.filter((f) => f.version === '4.42.4').length).toBeGreaterThanOrEqual(4);
  });

  it.each(files.map((f) => [f.file, f] as [string, CorpusAgentvFile]))('%s', async (_, entry) => {
    const { agreeing, differences } = await compareLoaders(CORPUS_DIR, entry);
    report[entry.file] = { version: entry.version, agreeing, differences };
    const unexplained = differences.filter((difference) => {
      const reasons = explainingLoaderDifference(entry.file, difference);
      for (const reason of reasons) shown.add(reason);
      return reasons.length === 0;
    });
    expect(unexplained, `AgentV ${entry.version} reads ${entry.file} otherwise`).toEqual([]);
  });

  it('every listed difference is still shown by a corpus file', () => {
    expect(DELIBERATE_LOADER_DIFFERENCES.filter((d) => !shown.has(d)).map((d) => d.why)).toEqual([]);
  });

  afterAll(() => {
    const out = process.env.AGENTV_LOADERS_REPORT;
    if (out) writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
  });
});

describe('the readings compared', () => {
  it("puts AgentV's graders and skill-eval's checks in one vocabulary, where a changed parameter shows", () => {
    const theirs = [
      { type: 'not-skill-used', value: 'deploy' },
      { type: 'llm-rubric', rubrics: [{ outcome: 'Names Paris' }, { outcome: 'Is brief' }] },
      { type: 'script', command: ['sh', '-lc', 'node grade.js'] },
      { type: 'trajectory:tool-sequence', value: { mode: 'in_order', steps: ['Read'] } },
    ].flatMap((a) => agentvGraderLines(a));
    const ours = [
      { type: 'skill-used', value: 'deploy', negate: true },
      { type: 'llm-rubric', value: 'Names Paris', weight: 0.5 },
      { type: 'llm-rubric', value: 'Is brief', weight: 0.5 },
      { type: 'code-grader', command: 'node grade.js' },
      { type: 'tool-trajectory', tools: ['Read'], mode: 'in-order' },
    ].flatMap((c) => skillEvalCheckLines(c as Check));
    expect(ours).toEqual(theirs);
    expect(skillEvalCheckLines({ type: 'skill-used', value: 'deploy' } as Check)).not.toEqual([theirs[0]]);
  });

  it("reads AgentV 5's tool counts, forbidden-tool lists and score ranges as skill-eval's checks hold them", () => {
    const theirs = [
      { type: 'trajectory:tool-used', value: { name: 'webSearch', min: 2 } },
      { type: 'trajectory:tool-used', value: ['writeFile', 'deleteFile'], inverse: true },
      {
        type: 'llm-rubric',
        rubrics: [{ id: 'brevity', min_score: 0.9, score_ranges: [{ score_range: [0, 5], outcome: 'Long.' }] }],
      },
    ].flatMap((a) => agentvGraderLines(a));
    const ours = [
      { type: 'tool-trajectory', minimums: { webSearch: 2 } },
      {
        type: 'assert-set',
        checks: [
          { type: 'tool-called', value: 'writeFile', negate: true },
          { type: 'tool-called', value: 'deleteFile', negate: true },
        ],
      },
      {
        type: 'llm-rubric',
        value: 'Criterion: brevity\nScore ranges:\n  - Score 0-5: Long.\nIt passes with a score of at least 9 of 10.',
      },
    ].flatMap((c) => skillEvalCheckLines(c as Check));
    expect(ours).toEqual(theirs);
    // "None of them" is not "not all of them".
    expect(agentvGraderLines({ type: 'not-trajectory:tool-used', value: ['a', 'b'] })).toEqual(
      agentvGraderLines({ type: 'trajectory:tool-used', value: ['a', 'b'], inverse: true }),
    );
    expect(
      skillEvalCheckLines({ type: 'tool-trajectory', minimums: { webSearch: 2 } } as unknown as Check),
    ).not.toEqual(agentvGraderLines({ type: 'trajectory:tool-used', value: { name: 'webSearch', min: 3 } }));
  });

  it('sends several messages as one role-marked prompt and a leading system message as the system prompt', () => {
    const reading = agentvReading({
      id: 't',
      input: [
        { role: 'system', content: 'Be terse' },
        { role: 'user', content: 'Pick a colour' },
        { role: 'assistant', content: [{ type: 'text', value: 'Blue' }] },
        { role: 'user', content: 'Why?' },
      ],
    });
    expect(reading).toEqual({
      id: 't',
      system: 'Be terse',
      turns: ['@[User]:\nPick a colour\n\n@[Assistant]:\nBlue\n\n@[User]:\nWhy?'],
      graders: [],
    });
  });
});
