// The offline demo: a scripted fake model server on 127.0.0.1 answers for both the agent and the judge,
// and the real skill-eval CLI runs the example skills on the real claude binary and on the Anthropic engine, then one
// of them on the other agents skill users run: the real gemini, opencode and copilot binaries.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFakeScript, mergeFakeScripts, startFakeModelServer } from '@skill-eval/model-server';

const demoDir = fileURLToPath(new URL('.', import.meta.url));
const examplesDir = join(demoDir, '..');
const repoRoot = join(examplesDir, '..');
const binDir = join(demoDir, 'node_modules', '.bin');

const scripted = readdirSync(examplesDir).filter((name) => existsSync(join(examplesDir, name, 'evals', 'fake-model.json')));
// The example of `skill-eval check`, which needs no model: its skills are checked after the runs.
const CHECKED = 'skill-check';
// `pnpm demo word-count json-extract` runs just those examples; no name runs them all.
const named = process.argv.slice(2);
const unknown = named.filter((name) => !scripted.includes(name) && name !== CHECKED);
if (unknown.length > 0) {
  const known = [...scripted, CHECKED].join(', ');
  console.error(`No example ${unknown.join(', ')} with an evals/fake-model.json. The examples: ${known}.`);
  process.exit(2);
}
const skills = named.length > 0 ? named.filter((name) => name !== CHECKED) : scripted;
const check = named.length === 0 || named.includes(CHECKED);
const scripts = await Promise.all(skills.map((name) => loadFakeScript(join(examplesDir, name, 'evals', 'fake-model.json'))));
const server = await startFakeModelServer(mergeFakeScripts(...scripts));

// An example with `evals/demo-flags.json` (run flags such as `--baseline`, paths relative to the repository) runs on
// its own, after the others: its flags would change every suite of a shared run.
const flagsOf = (name) => {
  const file = join(examplesDir, name, 'evals', 'demo-flags.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};
const shared = skills.filter((name) => !flagsOf(name));
const CLAUDE_ENGINES = ['--engine', 'claude-code', '--engine', 'anthropic'];
const runs = [
  ...(shared.length ? [{ examples: shared, flags: [], suffix: '', engines: CLAUDE_ENGINES }] : []),
  ...skills
    .filter(flagsOf)
    .map((name) => ({ examples: [name], flags: flagsOf(name), suffix: `-${name}`, engines: CLAUDE_ENGINES })),
];

// The example whose fake model also speaks to gemini-cli, opencode and copilot (each scripted with its own tools,
// matched by its system prompt) runs on them too. opencode's skill tool runs ripgrep, which only
// scripts/setup-system.sh installs: without `rg` on PATH it sits this one out.
const ON_OTHER_AGENTS = 'pirate-greeting';
const hasRipgrep = (process.env.PATH ?? '')
  .split(delimiter)
  .some((dir) => dir && existsSync(join(dir, 'rg')));
const otherAgents = [
  ['--engine', 'gemini-cli', '--ek', 'gemini-cli.model=gemini-2.5-flash'],
  ...(hasRipgrep ? [['--engine', 'opencode']] : []),
  ['--engine', 'copilot', '--ek', 'copilot.provider=openai', '--ek', 'copilot.model=gpt-4o'],
].flat();
if (skills.includes(ON_OTHER_AGENTS)) {
  runs.push({ examples: [ON_OTHER_AGENTS], flags: [], suffix: '-other-agents', engines: otherAgents });
}

const stamp = new Date().toISOString().replace(/\.\d+Z$/, '').replaceAll(':', '-');
const env = {
  ...process.env,
  PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}`,
  ANTHROPIC_BASE_URL: server.url,
  OPENAI_BASE_URL: `${server.url}/v1`,
  GOOGLE_GEMINI_BASE_URL: server.url,
  // Any non-empty value: the fake server does not check it, and no real endpoint is ever called.
  ANTHROPIC_API_KEY: 'offline-demo',
  OPENAI_API_KEY: 'offline-demo',
  GEMINI_API_KEY: 'offline-demo',
};
const exitOf = (child) => new Promise((resolve) => child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));

let code = 0;
const outDirs = [];
for (const [i, run] of runs.entries()) {
  const outDir = join(repoRoot, '.skill-eval', 'runs', `demo-${stamp}${run.suffix}`);
  const args = [
    'run',
    ...run.examples.map((name) => join('examples', name)),
    ...run.flags,
    ...run.engines,
    '--judge', 'anthropic',
    '--out', relative(repoRoot, outDir),
  ];
  const lead = i === 0 ? `Fake model server on ${server.url}; running` : '\nThen';
  if (run.suffix === '-other-agents' && !hasRipgrep) {
    console.log('\n(opencode is left out: its skill tool needs ripgrep; bash scripts/setup-system.sh installs it.)');
  }
  console.log(`${lead}: skill-eval ${args.join(' ')}\n`);
  code = Math.max(code, await exitOf(spawn(join(binDir, 'skill-eval'), args, { cwd: repoRoot, stdio: 'inherit', env })));
  outDirs.push(outDir);
}
await server.close();

// `skill-eval check` finds the mistakes examples/skill-check's skills were written with: it exits 2, as they are errors.
if (check) {
  const checkArgs = ['check', join('examples', CHECKED, 'skills')];
  console.log(`\nAnd with no model at all: skill-eval ${checkArgs.join(' ')}\n`);
  const checked = await exitOf(spawn(join(binDir, 'skill-eval'), checkArgs, { cwd: repoRoot, stdio: 'inherit', env }));
  if (checked !== 2) code = Math.max(code, 1);
}

// Each run printed where its results are; the HTML report is written from them, for each run that finished.
const reports = [];
for (const outDir of outDirs) {
  if (!existsSync(join(outDir, 'summary.json'))) continue;
  const writer = spawn(join(binDir, 'skill-eval'), ['report', outDir, '--html'], { cwd: repoRoot, stdio: 'ignore' });
  if ((await exitOf(writer)) === 0) reports.push(join(outDir, 'report.html'));
}
// pnpm runs this script in examples/demo; INIT_CWD is where the user typed the command.
const from = process.env.INIT_CWD ?? repoRoot;
console.log(
  `\nThe fake model answered ${server.requests.length} requests, so nothing was charged: ` +
    'the costs above are what the same tokens would cost at the real API’s prices.',
);
for (const report of reports) console.log(`HTML report: ${relative(from, report)} (open it in a browser).`);
process.exit(code);
