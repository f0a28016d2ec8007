import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { withSideFileTrust } from '@skill-eval/format-kit';
import { makeGitRepository } from '@skill-eval/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEvalMd } from './load-eval-md.js';
import { where } from './test-support/corpus.js';

const CASE = '## c\n### Prompt\np\n### Expect\ne\n';
let tmp: string;
const write = (relative: string, text: string) => {
  const path = join(tmp, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
};
const load = (relative: string, text: string) => loadEvalMd(write(relative, text), text, { cwd: tmp });

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'eval-md-')));
  // A Mix project root in a repository: SkillKit resolves provider paths from it, and skills/agents in it are staged.
  makeGitRepository(tmp);
  write('mix.exs', 'defmodule App.MixProject do\nend\n');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe.runIf(process.platform !== 'win32')('subject outside the project', () => {
  const outside = () => join(tmp, '..', `${tmp.split('/').at(-1)}-outside`);
  afterEach(() => rmSync(outside(), { recursive: true, force: true }));

  it('skills: and agent: naming a folder out of the project are refused (--trust lifts it); nothing is staged or read', async () => {
    mkdirSync(join(outside(), 'sub'), { recursive: true });
    writeFileSync(join(outside(), 'SKILL.md'), '---\nname: far\n---\n');
    writeFileSync(join(outside(), 'AGENT.md'), 'outside-agent-secret\n');
    const skills = await load(
      'evals/EVAL.md',
      `---\nskills: [${outside()}, ../../${outside().split('/').at(-1)}]\n---\n${CASE}`,
    );
    expect(skills.suites[0]!.cases[0]!.skills).toEqual([]);
    expect(where(skills.diagnostics)).toEqual([
      ['outside-project', 2, 1],
      ['outside-project', 2, 1],
    ]);
    expect(skills.diagnostics.every((d) => d.needsTrust)).toBe(true);
    const agent = await load('evals/a.eval.md', `---\nagent: ${outside()}\n---\n${CASE}`);
    expect(JSON.stringify(agent)).not.toContain('outside-agent-secret');
    expect(where(agent.diagnostics)).toEqual([['outside-project', 2, 1]]);
    const text = `---\nskills: [${outside()}]\n---\n${CASE}`;
    const trusted = await withSideFileTrust(true, () => load('evals/t.eval.md', text));
    expect(trusted.suites[0]!.cases[0]!.skills.map((s) => s.name)).toEqual(['far']);
  });

  it('an AGENT.md beside the file that links out of the project is never the system prompt', async () => {
    mkdirSync(outside(), { recursive: true });
    writeFileSync(join(outside(), 'AGENT.md'), 'outside-agent-secret\n');
    mkdirSync(join(tmp, 'evals'), { recursive: true });
    symlinkSync(join(outside(), 'AGENT.md'), join(tmp, 'evals', 'AGENT.md'));
    const { suites, diagnostics } = await load('evals/EVAL.md', CASE);
    expect(JSON.stringify(suites)).not.toContain('outside-agent-secret');
    expect(where(diagnostics)).toEqual([['outside-project', 1, 1]]);
  });
});

describe('subject: skill, agent, module', () => {
  it('a SKILL.md beside the file is the skill under test', async () => {
    write('skills/greeter/SKILL.md', '---\nname: warm-greeter\ndescription: Greets.\n---\nBe warm.\n');
    const { suites, diagnostics } = await load('skills/greeter/EVAL.md', CASE);
    expect(diagnostics).toEqual([]);
    const skill = { name: 'warm-greeter', dir: join(tmp, 'skills/greeter') };
    expect(suites[0]!.skill).toEqual(skill);
    expect(suites[0]!.name).toBe('warm-greeter');
    expect(suites[0]!.id).toBe(join('skills', 'greeter', 'EVAL.md'));
    expect(suites[0]!.cases[0]!.skills).toEqual([skill]);
  });

  it('a SKILL.md further up is not used, as in SkillKit, and an info says so', async () => {
    write('skills/greeter/SKILL.md', '---\nname: greeter\n---\n');
    const { suites, diagnostics } = await load('skills/greeter/evals/EVAL.md', CASE);
    expect(suites[0]!.cases[0]!.skills).toEqual([]);
    expect(where(diagnostics)).toEqual([['no-sibling-skill', 1, 1]]);
    expect(diagnostics[0]!.message).toContain(join(tmp, 'skills/greeter'));
  });

  it('explicit skills replace the sibling; paths resolve from the Mix root; modules and missing paths are kept', async () => {
    write('skills/greeter/SKILL.md', '---\nname: greeter\n---\n');
    write('evals/SKILL.md', '---\nname: sibling\n---\n');
    const text = `---\nskills:\n  - skills/greeter\n  - MyApp.Kit\n  - skills/gone\n---\n${CASE}`;
    const { suites, diagnostics } = await load('evals/EVAL.md', text);
    expect(suites[0]!.cases[0]!.skills).toEqual([{ name: 'greeter', dir: join(tmp, 'skills/greeter') }]);
    expect(suites[0]!.cases[0]!.metadata).toEqual({ skills: ['MyApp.Kit', 'skills/gone'] });
    expect(where(diagnostics)).toEqual([
      ['elixir-provider', 2, 1],
      ['skill-not-found', 2, 1],
    ]);
    expect(diagnostics[1]!.message).toContain('Skill "skills/gone" names no directory with a SKILL.md');
  });

  it('an AGENT.md beside the file: its body is the system prompt; system and skills are ignored as SkillKit does', async () => {
    write('agents/neve/AGENT.md', '---\nname: neve\nmodel: x\n---\nYou are Neve.\r\nBe concise.\n');
    write('agents/neve/SKILL.md', '---\nname: neve-skill\n---\n');
    const text = `---\nsystem: Ignored.\nskills: [skills/x]\n---\n${CASE}`;
    const { suites, diagnostics } = await load('agents/neve/EVAL.md', text);
    const c = suites[0]!.cases[0]!;
    expect(c.system).toBe('You are Neve.\nBe concise.');
    expect(c.skills).toEqual([]);
    expect(c.metadata).toEqual({ agent: join(tmp, 'agents/neve'), system: 'Ignored.', skills: ['skills/x'] });
    expect(where(diagnostics)).toEqual([['agent-mode', 1, 1]]);
    expect(diagnostics[0]!.message).toMatch(
      /AGENT.md body as the system prompt.*`system` \(kept in metadata.system\) and `skills`/,
    );
  });

  it('an explicit agent: directory, found or not', async () => {
    write('agents/neve/AGENT.md', 'You are Neve.\n');
    const found = await load('evals/EVAL.md', `---\nagent: agents/neve\n---\n${CASE}`);
    expect(found.suites[0]!.cases[0]!.system).toBe('You are Neve.');
    expect(where(found.diagnostics)).toEqual([['agent-mode', 2, 1]]);
    const missing = await load('evals/other.eval.md', `---\nagent: agents/gone\n---\n${CASE}`);
    expect(missing.suites[0]!.cases[0]!.metadata).toEqual({ agent: 'agents/gone' });
    expect(where(missing.diagnostics)).toEqual([['agent-not-found', 2, 1]]);
  });

  it('a <x>.EVAL.md beside <x>.ex names its subject module; frontmatter module wins', async () => {
    write('lib/greeter.ex', '# comment\ndefmodule MyApp.Greeter do\n  defmodule Inner do\n  end\nend\n');
    const inferred = await load('lib/greeter.EVAL.md', CASE);
    expect(inferred.suites[0]!.cases[0]!.metadata).toEqual({ module: 'MyApp.Greeter' });
    expect(where(inferred.diagnostics)).toEqual([['elixir-module', 1, 1]]);
    expect(inferred.diagnostics[0]!.message).toContain('the first defmodule in greeter.ex');
    const explicit = await load('lib/greeter.eval.md', `---\nmodule: Other.Mod\n---\n${CASE}`);
    expect(explicit.suites[0]!.cases[0]!.metadata).toEqual({ module: 'Other.Mod' });
    expect(where(explicit.diagnostics)).toEqual([['elixir-module', 2, 1]]);
  });

  it('model and metadata apply to every case: the model pinned for its agent and its judge, as SkillKit uses it', async () => {
    const text = `---\nmodel: anthropic://claude-sonnet-4-6\nmetadata:\n  owner: qa\n---\n${CASE}## d\n### Prompt\nq\n### Expect\nf\n`;
    const { suites, diagnostics } = await load('EVAL.md', text);
    expect(where(diagnostics)).toEqual([]);
    for (const c of suites[0]!.cases) {
      expect(c).toMatchObject({ model: 'anthropic://claude-sonnet-4-6', judge: 'anthropic://claude-sonnet-4-6' });
      expect(c.metadata).toEqual({ model: 'anthropic://claude-sonnet-4-6', metadata: { owner: 'qa' } });
    }
  });
});
