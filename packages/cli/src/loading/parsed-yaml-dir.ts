import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

/**
 * Where parsed YAML documents are kept between loads (none with --no-parse-cache): the user's own cache folder, never the
 * project's. A document kept there is taken as what its text parses to, so a project (a cloned repository, a `.env`,
 * a config) must not be able to put one there: what runs would differ from the file a reviewer read. Hence the
 * process's own environment, not `io.env` (which a `.env` adds to), as the XDG base directory specification and each
 * platform's convention place a cache: `$XDG_CACHE_HOME`, else `~/Library/Caches` (macOS), `%LOCALAPPDATA%`
 * (Windows) or `~/.cache`.
 */
export function parsedYamlDir(
  options: { parseCache?: boolean },
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (options.parseCache === false) return undefined;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'skill-eval', 'yaml');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'skill-eval', 'yaml');
  if (platform === 'win32') {
    const local =
      env.LOCALAPPDATA && isAbsolute(env.LOCALAPPDATA) ? env.LOCALAPPDATA : join(homedir(), 'AppData', 'Local');
    return join(local, 'skill-eval', 'Cache', 'yaml');
  }
  return join(homedir(), '.cache', 'skill-eval', 'yaml');
}

/**
 * Where loads of eval files are kept between runs (none with --no-parse-cache): beside the parsed YAML documents, in
 * the user's own cache folder, for the same reason (see {@link parsedYamlDir}).
 */
export function keptLoadsDir(
  options: { parseCache?: boolean },
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const yaml = parsedYamlDir(options, env, platform);
  return yaml === undefined ? undefined : join(dirname(yaml), 'suites');
}

/**
 * The file of the user's key that seals the result cache's entries (`@skill-eval/runner`'s cacheSealKey): beside the
 * parsed YAML documents, in the user's own cache folder, where a project cannot put one.
 */
export function resultCacheSealFile(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  return join(dirname(parsedYamlDir({}, env, platform)!), 'result-cache-seal-key');
}
