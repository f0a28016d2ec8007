// The three tools as commands, each with the environment it runs in. Every tool gets a HOME inside the bench's work
// directory (promptfoo and AgentV write there), and the peers' telemetry and update checks are off: the only network
// any tool may see is the fake model server on 127.0.0.1.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPO = new URL('../../', import.meta.url).pathname;
const CLI = join(REPO, 'packages', 'cli');

/**
 * skill-eval as a user runs it: the package's bin on this Node. `kind` says which tool a command line is for (see
 * trivial-run.mjs); `id` tells apart the same tool on two Nodes.
 */
export function skillEval() {
  return {
    id: 'skill-eval',
    kind: 'skill-eval',
    name: 'skill-eval',
    version: JSON.parse(readFileSync(join(CLI, 'package.json'), 'utf8')).version,
    node: process.execPath,
    nodeVersion: process.version,
    argv: [process.execPath, join(CLI, 'bin', 'skill-eval.js')],
  };
}

/**
 * The same skill-eval on another Node (the Node 22 binary the peers bring): a second row where start-up and plain
 * JavaScript speed decide the figure, to show how much of it is the Node rather than skill-eval. Not a peer.
 */
export function skillEvalOn(node22) {
  const own = skillEval();
  return {
    ...own,
    id: 'skill-eval-node22',
    name: `skill-eval on Node ${node22.nodeVersion.replace(/^v(\d+).*/, '$1')}`,
    node: node22.node,
    nodeVersion: node22.nodeVersion,
    argv: [node22.node, own.argv[1]],
  };
}

/** The environment of every measured command. */
export function toolEnv(work, extra = {}) {
  // SKILL_EVAL_CONTAINMENT=mark measures the containment fallback (the mark scan) against the cgroup.
  const keep = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'TERM', 'SKILL_EVAL_CONTAINMENT'];
  const env = Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
  return {
    ...env,
    HOME: join(work, 'home'),
    TMPDIR: join(work, 'tmp'),
    NO_COLOR: '1',
    PROMPTFOO_DISABLE_TELEMETRY: '1',
    PROMPTFOO_DISABLE_UPDATE: '1',
    PROMPTFOO_CONFIG_DIR: join(work, 'promptfoo-home'),
    PROMPTFOO_CACHE_PATH: join(work, 'promptfoo-cache'),
    AGENTV_NO_UPDATE_CHECK: '1',
    ...extra,
  };
}
