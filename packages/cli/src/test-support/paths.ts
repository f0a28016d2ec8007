import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
/** The repository root (packages/cli/src/test-support → four levels up). */
export const REPO_ROOT = join(here, '..', '..', '..', '..');
/** The CLI's committed bin script (it runs the built bundle). */
export const CLI_BIN = join(here, '..', '..', 'bin', 'skill-eval.js');
/** The pinned claude binary installed as this package's dev dependency. */
export const CLAUDE_BIN = join(here, '..', '..', 'node_modules', '.bin', 'claude');
/** The pinned codex binary installed as this package's dev dependency. */
export const CODEX_BIN = join(here, '..', '..', 'node_modules', '.bin', 'codex');
/** A pinned agent binary installed as the dev dependency of its engine package (a workspace link of this one). */
const engineBin = (engine: string, bin: string) =>
  join(here, '..', '..', 'node_modules', '@skill-eval', `engine-${engine}`, 'node_modules', '.bin', bin);
/** The pinned gemini, opencode and copilot binaries of their engine packages. */
export const GEMINI_BIN = engineBin('gemini-cli', 'gemini');
export const OPENCODE_BIN = engineBin('opencode', 'opencode');
export const COPILOT_BIN = engineBin('copilot', 'copilot');
/**
 * The package cache copilot's tests share: copilot unpacks its 235 MB package into `$XDG_CACHE_HOME/copilot` on first
 * start. It lies in the clone (`node_modules/.cache`, as the copilot engine's own tests keep it), so that a test run
 * leaves nothing in the machine's temp folder, and goes with the clone.
 */
export const COPILOT_TEST_CACHE = join(REPO_ROOT, 'node_modules', '.cache', 'skill-eval-copilot-test');
