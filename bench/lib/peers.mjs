// The tools skill-eval is compared with, installed at pinned versions into bench/.peers/ (never the workspace's
// node_modules) on first use: promptfoo, AgentV, and the Node 22 binary promptfoo requires (from npm's node-<os>-<arch>
// package).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PROMPTFOO_VERSION = '0.123.1';
export const AGENTV_VERSION = '4.42.4';
/** promptfoo 0.123.1 declares engines.node >=22.22.0. */
export const NODE22_VERSION = '22.23.3';

const nodePackage = `node-${process.platform}-${process.arch}`;

const versionOf = (dir, name) => {
  const file = join(dir, 'node_modules', name, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
};

/** Installs the pinned peers into `dir` unless they are there already; returns how to run each. */
export function installPeers(dir, log) {
  const wanted = { promptfoo: PROMPTFOO_VERSION, agentv: AGENTV_VERSION, [nodePackage]: NODE22_VERSION };
  const missing = Object.entries(wanted).filter(([name, version]) => versionOf(dir, name) !== version);
  if (missing.length) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      `${JSON.stringify({ private: true, description: 'Peers of the skill-eval benchmarks (bench/run.mjs).', dependencies: wanted }, null, 2)}\n`,
    );
    log(`installing ${missing.map(([n, v]) => `${n}@${v}`).join(', ')} into ${dir} (first use only; about a minute)`);
    const started = performance.now();
    execFileSync(
      'npm',
      ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', ...Object.entries(wanted).map(([n, v]) => `${n}@${v}`)],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    log(`installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const node22 = installedNode22(dir);
  return {
    node22,
    promptfoo: {
      kind: 'promptfoo',
      name: 'promptfoo',
      version: versionOf(dir, 'promptfoo'),
      ...node22,
      argv: [node22.node, join(dir, 'node_modules', 'promptfoo', 'dist', 'src', 'entrypoint.js')],
    },
    agentv: {
      kind: 'agentv',
      name: 'AgentV',
      version: versionOf(dir, 'agentv'),
      node: process.execPath,
      nodeVersion: process.version,
      argv: [process.execPath, join(dir, 'node_modules', 'agentv', 'dist', 'cli.js')],
    },
  };
}

/** The Node 22 binary installed into `dir` by {@link installPeers}, or undefined before the first install. */
function installedNode22(dir) {
  const node = join(dir, 'node_modules', nodePackage, 'bin', 'node');
  if (versionOf(dir, nodePackage) !== NODE22_VERSION || !existsSync(node)) return undefined;
  return { node, nodeVersion: execFileSync(node, ['--version'], { encoding: 'utf8' }).trim() };
}
