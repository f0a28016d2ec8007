import { describe, expect, it } from 'vitest';
import { skillsMentionedIn } from './skill-signals.js';

describe('skillsMentionedIn', () => {
  it('counts $name of staged skills only, as a whole word', () => {
    const names = ['pdf', 'pdf-tools', 'a.b'];
    expect(skillsMentionedIn('Use $pdf-tools on this', names)).toEqual(['pdf-tools']);
    expect(skillsMentionedIn('Use $pdf, please', names)).toEqual(['pdf']);
    expect(skillsMentionedIn('$a.b now', names)).toEqual(['a.b']);
    expect(skillsMentionedIn('$aXb now; pdf without dollar; $HOME', names)).toEqual([]);
  });
});
