import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const manifest = (folder: string) =>
  JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    version: string;
    devDependencies?: Record<string, string>;
  };

// The packages are built and checked by `tsc` on the workspace's PATH (their build scripts, `pnpm typecheck`, CI).
// Two TypeScripts are installed, each with a `tsc`: pnpm links the higher version's (link-bins'
// compareCommandsInConflict), the native compiler, while `typescript` stays the library the repository's scans import.
describe('the compiler the workspace builds with', () => {
  it('is the native TypeScript 7 that package.json names typescript-native', () => {
    const native = realpathSync(join(repo, 'node_modules', 'typescript-native'));
    expect(manifest(repo).devDependencies?.['typescript-native']).toBe(`npm:typescript@${manifest(native).version}`);
    expect(manifest(native).version).toMatch(/^7\./);
    expect(realpathSync(join(repo, 'node_modules', '.bin', 'tsc'))).toBe(join(native, 'bin', 'tsc'));
    const printed = execFileSync(join(repo, 'node_modules', '.bin', 'tsc'), ['--version'], { encoding: 'utf8' });
    expect(printed.trim()).toBe(`Version ${manifest(native).version}`);
  });

  it('leaves `typescript` the JavaScript library that scripts/rule-ids.ts reads sources with', async () => {
    const ts = (await import('typescript')).default;
    expect(ts.version).toMatch(/^5\./);
    expect(typeof ts.createSourceFile).toBe('function');
  });
});
