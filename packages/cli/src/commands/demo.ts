import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { loadFakeScript, mergeFakeScripts, startFakeModelServer } from '@skill-eval/model-server';
import { newRunName } from '@skill-eval/runner';
import type { CommandIO } from '../io/io.js';
import { packageRootOf } from '../plugins/package-version.js';
import { loadHtmlReport } from '../run/html-report.js';
import { runCommand } from './run.js';

export interface DemoOptions {
  out?: string;
}

/** The example skills the package ships (copied from the repository's examples/ at build): those with a script. */
function exampleSkills(): string[] {
  const examples = join(packageRootOf(import.meta.url) ?? '.', 'examples');
  const skills = existsSync(examples)
    ? readdirSync(examples).filter((name) => existsSync(join(examples, name, 'evals', 'fake-model.json')))
    : [];
  if (skills.length === 0) {
    throw new SkillEvalError('INTERNAL', `The demo's example skills are missing from ${examples}.`, {
      hint: 'Reinstall skill-eval (npm i -g skill-eval), or build it (pnpm build) in a clone.',
    });
  }
  return skills.map((name) => join(examples, name));
}

/**
 * `skill-eval demo`: runs the example skills offline, as a first try after installing — on the Anthropic API engine
 * and judge, both answered by a scripted fake model server on 127.0.0.1. No key, no network, no agent CLI needed.
 */
export async function demoCommand(options: DemoOptions, io: CommandIO): Promise<number> {
  const skills = exampleSkills();
  const scripts = await Promise.all(skills.map((dir) => loadFakeScript(join(dir, 'evals', 'fake-model.json'))));
  const server = await startFakeModelServer(mergeFakeScripts(...scripts));
  io.stdout.write(
    `The demo: ${skills.length} example skills on the anthropic engine, judged by anthropic, all answered by a ` +
      `scripted fake model on ${server.url} (offline, no key).\n\n`,
  );
  // Named here, so that the HTML report can be written into it after the run.
  const out = options.out ?? join('.skill-eval', 'runs', `demo-${newRunName()}`);
  try {
    const env = { ...io.env, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'offline-demo' };
    const code = await runCommand(
      skills.map((dir) => relative(io.cwd, dir)),
      { engine: ['anthropic'], judge: 'anthropic', cache: false, out },
      { ...io, env },
    );
    io.stdout.write(`\n${DEMO_COSTS}\n`);
    const report = await htmlReport(resolve(io.cwd, out));
    if (report) io.stdout.write(`HTML report: ${relative(io.cwd, report) || report} (open it in a browser).\n`);
    io.stdout.write(
      `The example skills are in ${join(skills[0]!, '..')}. Your own: skill-eval run path/to/skill ` +
        '(skill-eval list shows what would run).\n',
    );
    return code;
  } finally {
    await server.close();
  }
}

/** The demo's costs are list prices of tokens no real model spent. */
export const DEMO_COSTS =
  'Nothing was charged: the fake model answered every call. The costs above are what the same tokens would cost at the real API’s prices.';

/** The run's report.html, when the renderer is installed and the run finished; undefined otherwise. */
async function htmlReport(runDir: string): Promise<string | undefined> {
  const write = await loadHtmlReport();
  if (!write || !existsSync(join(runDir, 'summary.json'))) return undefined;
  return write(runDir);
}
