// Builds dist/cli/code-cache/: V8's compiled code of the CLI's files (see bin/code-cache.js), made by running the
// commands users start most — a run, a cached re-run, list, validate, help — on a small suite. Each file's cache comes
// from the first of these commands that loads it, so it holds what that command compiled.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SUITE = `name: code-cache
tests:
  - id: one
    input: "say hi"
    assertions:
      - type: contains
        value: hi
      - type: regex
        value: "s[a-z]+ hi"
  - id: two
    input: "say hello"
    assertions:
      - type: icontains
        value: HELLO
`;

/** Runs the commands in a temporary folder; throws with the command's output when one fails. */
export function recordCodeCache(root) {
  const dir = mkdtempSync(join(tmpdir(), 'skill-eval-code-cache-'));
  try {
    writeFileSync(join(dir, 'echo.eval.yaml'), SUITE);
    const run = (out, cache) => ['run', 'echo.eval.yaml', '-e', 'command', '--ek', 'command=cat', '-q', '-o', out, ...cache];
    const commands = [
      run('first', ['--no-cache']),
      run('second', ['--cache-dir', 'cache']),
      run('third', ['--cache-dir', 'cache']),
      ['list', 'echo.eval.yaml'],
      ['validate', 'echo.eval.yaml'],
      ['--help'],
    ];
    const env = { PATH: process.env.PATH ?? '', HOME: join(dir, 'home'), TMPDIR: dir, NO_COLOR: '1' };
    for (const args of commands) {
      const child = spawnSync(process.execPath, [join(root, 'scripts', 'record-one-command.cjs'), ...args], {
        cwd: dir,
        env,
        encoding: 'utf8',
      });
      if (child.status !== 0) {
        throw new Error(`recording the code cache: skill-eval ${args.join(' ')} exited ${child.status}\n${child.stdout}${child.stderr}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
