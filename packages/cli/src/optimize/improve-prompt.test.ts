import { describe, expect, it } from 'vitest';
import { improvePrompt, proposedDescription, type QueryOutcome, shortenPrompt } from './improve-prompt.js';

const outcome = (query: string, shouldTrigger: boolean, triggers: number, pass: boolean): QueryOutcome => ({
  query,
  shouldTrigger,
  triggers,
  runs: 3,
  rate: triggers / 3,
  pass,
});

describe('the proposal prompt (after skill-creator improve_description.py)', () => {
  const train = {
    passed: 2,
    total: 4,
    queries: [
      outcome('make a pivot of orders.csv', true, 0, false),
      outcome('fix the SUM in budget.xlsx', true, 3, true),
      outcome('write a haiku', false, 2, false),
      outcome('explain TCP', false, 0, true),
    ],
  };
  const prompt = improvePrompt({
    skillName: 'sheets',
    skillMd: '---\nname: sheets\n---\n# Sheets body',
    description: 'Formats text tables.',
    train,
    history: [{ description: 'An earlier try.', train }],
  });

  it('shows the current description, the training failures of each kind with their rates, the attempts and the skill', () => {
    expect(prompt).toContain('<current_description>\nFormats text tables.\n</current_description>');
    expect(prompt).toContain('2 of 4 passed');
    expect(prompt).toMatch(/did not often enough:\n- "make a pivot of orders.csv" \(fired in 0 of 3 runs\)/);
    expect(prompt).toMatch(/but did:\n- "write a haiku" \(fired in 2 of 3 runs\)/);
    expect(prompt).toContain('<attempt train="2/4">\nDescription: "An earlier try."');
    expect(prompt).toContain('# Sheets body');
    expect(prompt).toContain('<new_description>');
    expect(prompt).toContain('1024 characters');
  });

  it('reads the description out of the tags, else the whole answer, without quotes', () => {
    expect(proposedDescription('Thinking…\n<new_description>\n"Use it for sheets."\n</new_description>')).toBe(
      'Use it for sheets.',
    );
    expect(proposedDescription('  Use it for sheets.  ')).toBe('Use it for sheets.');
    expect(shortenPrompt(prompt, 'x'.repeat(1100))).toContain('1100 characters long');
  });
});
