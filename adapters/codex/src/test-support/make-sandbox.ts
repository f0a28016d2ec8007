import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox as makeEngineSandbox } from '@skill-eval/engine-kit/testing';

export { isGone } from '@skill-eval/engine-kit/testing';

/** An engine sandbox whose inputs carry a test API key, and that stages skills where codex looks for them. */
export function makeSandbox(prefix = 'codex-engine-') {
  const sandbox = makeEngineSandbox(prefix, { OPENAI_API_KEY: 'sk-test-key-0042' });
  return {
    ...sandbox,
    /** Stages a skill as the runner does: `<workspace>/.agents/skills/<name>/SKILL.md`. */
    stageSkill(name: string, description: string): { name: string; dir: string } {
      const dir = join(sandbox.workspace, '.agents', 'skills', name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'SKILL.md'),
        `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\nSay ahoy.\n`,
      );
      return { name, dir };
    },
  };
}
