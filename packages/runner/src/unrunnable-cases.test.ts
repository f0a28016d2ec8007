import { describe, expect, it } from 'vitest';
import { makeCase, makeSuite } from './test-support/fixtures.js';
import { unrunnableDiagnostics } from './unrunnable-cases.js';

const messages = (suite: Parameters<typeof unrunnableDiagnostics>[0]) =>
  unrunnableDiagnostics(suite).map((d) => [d.ruleId, d.file, d.message.split(',')[0]]);

describe('unrunnableDiagnostics', () => {
  it('names the field holding a NUL: the prompt, a turn of several, or the system prompt (turns first)', () => {
    const suite = makeSuite('s', [
      makeCase({ id: 'one', turns: ['a\0b'] }),
      makeCase({ id: 'two', turns: ['fine', 'x\0'], system: '\0 too' }),
      makeCase({ id: 'sys', turns: ['fine'], system: 'a\0' }),
      makeCase({ id: 'ok', turns: ['fine'], system: 'fine' }),
    ]);
    expect(unrunnableDiagnostics(suite).map((d) => d.message.slice(0, d.message.indexOf(' holds')))).toEqual([
      'The prompt of case "one"',
      'The prompt of turn 2 of case "two"',
      'The system prompt of case "sys"',
    ]);
  });

  it('reports a skill whose name is no folder name once, however many cases name it, in the order first named', () => {
    const bad = { name: 'org/pdf', dir: '/nowhere/pdf' };
    const worse = { name: '..', dir: '/nowhere/up' };
    const suite = {
      ...makeSuite('s', [
        makeCase({ id: 'a', skills: [worse, bad] }),
        makeCase({ id: 'b', skills: [bad, { name: 'fine', dir: '/nowhere/fine' }] }),
      ]),
      skill: bad,
    };
    expect(messages(suite)).toEqual([
      [
        'skill/name-not-a-folder',
        '/nowhere/pdf/SKILL.md',
        'The skill name "org/pdf" (frontmatter `name`) is not a folder name',
      ],
      [
        'skill/name-not-a-folder',
        '/nowhere/up/SKILL.md',
        'The skill name ".." (frontmatter `name`) is not a folder name',
      ],
    ]);
  });
});
