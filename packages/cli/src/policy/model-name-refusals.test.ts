import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';

// A model an eval file pins reaches the agent CLI on its command line. One that is no plain model id — here opencode's
// `--attach=<server>` — is refused before anything runs, at the case that pins it, in every format that has a model.

const ATTACH = '--attach=http:127.0.0.1:47801';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-model-name-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

async function cli(...args: string[]) {
  const io = captureIO(dir, {});
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

const SKILL = '---\nname: demo\ndescription: Demo skill.\n---\nSay hi.\n';

/** Each format's model fields, with a model that reads as an option, and where the refusal points. */
const FORMATS: { format: string; files: Record<string, string>; refusals: string[] }[] = [
  {
    format: 'eval-md (frontmatter model: the agent and the judge)',
    files: {
      'skill/SKILL.md': SKILL,
      'skill/EVAL.md': `---\nmodel: "${ATTACH}"\n---\n## says hi\n\n### Prompt\n\nSay hi.\n\n### Expect\n\nIt says hi.\n`,
    },
    refusals: [
      `skill/EVAL.md:4:1: error: The case pins "${ATTACH}" as the model of its agent`,
      `skill/EVAL.md:4:1: error: The case pins "${ATTACH}" as the model of its judge`,
    ],
  },
  {
    format: 'skill-up (engine.model of eval.yaml, a case judge’s model)',
    files: {
      'skill/SKILL.md': SKILL,
      'skill/evals/eval.yaml': [
        'schema_version: v1alpha1',
        'environment: {type: none}',
        'engine:',
        '  name: claude_code',
        `  model: {provider: anthropic, name: "${ATTACH}"}`,
        'cases:',
        '  files: [evals/cases/a.yaml]',
        '',
      ].join('\n'),
      'skill/evals/cases/a.yaml':
        'id: a\ninput: {prompt: Say hi}\njudge:\n  type: agent_judge\n  model: "-x"\n  criteria: [It says hi]\n',
    },
    refusals: [
      `skill/evals/cases/a.yaml:1:1: error: The case pins "anthropic/${ATTACH}" as the model of its agent`,
      'skill/evals/cases/a.yaml:1:1: error: The case pins "-x" as the model of its judge',
    ],
  },
  {
    format: 'claude-plugin-eval (execution.model of case.yaml)',
    files: {
      'plugin/.claude-plugin/plugin.json': '{ "name": "demo", "version": "0.1.0", "description": "Demo." }\n',
      'plugin/skills/demo/SKILL.md': SKILL,
      'plugin/evals/hi/case.yaml': [
        'name: hi',
        'execution:',
        '  prompt: Say hi.',
        `  model: "${ATTACH}"`,
        'graders:',
        '  - {name: said-hi, type: regex, pattern: hi, match: contains}',
        '',
      ].join('\n'),
    },
    refusals: [`plugin/evals/hi/case.yaml:1: error: The case pins "${ATTACH}" as the model of its agent`],
  },
  {
    format: 'promptfoo (the model of an anthropic:messages provider)',
    files: {
      'pf/promptfooconfig.yaml': [
        `providers: ["anthropic:messages:${ATTACH}"]`,
        'prompts: ["Say hi"]',
        'tests:',
        '  - assert: [{type: contains, value: hi}]',
        '',
      ].join('\n'),
    },
    refusals: [`pf/promptfooconfig.yaml:4:5: error: The case pins "${ATTACH}" as the model of its agent`],
  },
  {
    format: 'agentv (the model metadata.skill_eval carries)',
    files: {
      'av/hi.eval.yaml': [
        'tests:',
        '  - id: hi',
        '    input: "Say hi"',
        '    assertions: [{type: contains, value: hi}]',
        `    metadata: {skill_eval: {model: "${ATTACH}"}}`,
        '',
      ].join('\n'),
    },
    refusals: [`av/hi.eval.yaml:2:5: error: The case pins "${ATTACH}" as the model of its agent`],
  },
];

describe('a pinned model that is no plain model id', () => {
  it.each(FORMATS)('is refused by validate at the case that pins it: $format', async ({ files, refusals }) => {
    write(files);
    const folder = Object.keys(files)[0]!.split('/')[0]!;
    const { code, out } = await cli('validate', folder);
    const said = out.split('\n').filter((line) => line.includes('(trust/model-name)'));
    expect(said.map((line) => line.split(', and a model')[0])).toEqual(refusals);
    expect(said[0]).toContain("is handed to the agent's CLI on its command line");
    expect(code).toBe(2);
  });

  it('stops run before any agent starts, and nothing is written', async () => {
    write(FORMATS[0]!.files);
    const { code, err } = await cli('run', 'skill', '-e', 'command', '--ek', 'command=true', '-o', 'out');
    expect(err).toContain(`${FORMATS[0]!.refusals[0]}, and a model`);
    expect(err).toContain('No run was started');
    expect(code).toBe(2);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('passes validate with --trust, and a plain model id passes without it', async () => {
    write(FORMATS[0]!.files);
    expect((await cli('validate', 'skill', '--trust')).out).not.toContain('trust/model-name');
    write({ 'skill/EVAL.md': FORMATS[0]!.files['skill/EVAL.md']!.replace(ATTACH, 'anthropic://claude-sonnet-4-6') });
    const { code, out } = await cli('validate', 'skill');
    expect(out).not.toContain('trust/model-name');
    expect(code).toBe(0);
  });
});
