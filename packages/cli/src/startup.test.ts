import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'dist', 'bin.js');
// Logs every module the CLI resolves, so the test can see what start-up loads.
const TRACE_HOOK = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  process.stderr.write('RESOLVED ' + result.url + '\\\\n');
  return result;
}\`));
`)}`;

function resolvedModules(args: string[]): { stdout: string; resolved: string[] } {
  const child = spawnSync(process.execPath, ['--import', TRACE_HOOK, BIN, ...args], { encoding: 'utf8' });
  const resolved = child.stderr.split('\n').filter((line) => line.startsWith('RESOLVED '));
  return { stdout: child.stdout, resolved };
}

describe('start-up', () => {
  it('--version prints the version and loads no plugin, runner or SDK', () => {
    const { stdout, resolved } = resolvedModules(['--version']);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(resolved.length).toBeGreaterThan(0); // the hook works
    // Only the CLI's own files, commander and Node built-ins: no format, engine, runner, reporter or SDK.
    const loaded = resolved.map((line) => line.slice('RESOLVED '.length));
    expect(loaded.filter((url) => !/^node:|\/commander\/|\/packages\/cli\/dist\//.test(url))).toEqual([]);
  });
});
