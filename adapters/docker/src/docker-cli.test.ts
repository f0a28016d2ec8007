import { describe, expect, it } from 'vitest';
import { docker } from './docker-cli.js';

// What a docker command gives its caller, with `sh` standing in for the docker CLI: the same program runner, the same
// environment (the client variables alone), any daemon or none.
const sh = { file: '/bin/sh', env: { DOCKER_HOST: 'unix:///nowhere.sock' } };

describe('a docker command', () => {
  it('gives its whole output, what it said on stderr and its exit code', async () => {
    const script = 'printf "a1b2\\n\\nlast"; echo "no such container" >&2; echo "$DOCKER_HOST" >&2; exit 3';
    expect(await docker(sh, ['-c', script])).toEqual({
      stdout: 'a1b2\n\nlast\n',
      stderr: 'no such container\nunix:///nowhere.sock',
      code: 3,
    });
  });

  it('gets nothing of this process environment but the client variables', async () => {
    process.env.SKILL_EVAL_DOCKER_CLI_TEST = 'leaked';
    try {
      const { stdout } = await docker(sh, ['-c', 'printenv SKILL_EVAL_DOCKER_CLI_TEST || echo unset']);
      expect(stdout).toBe('unset\n');
    } finally {
      delete process.env.SKILL_EVAL_DOCKER_CLI_TEST;
    }
  });

  it('ends as failed, with why, when the program cannot start or runs past its time', async () => {
    const missing = await docker({ ...sh, file: '/nonexistent/docker' }, ['version']);
    expect(missing.code).toBe(-1);
    expect(missing.stderr).toMatch(/ENOENT/);
    const started = Date.now();
    const slow = await docker(sh, ['-c', 'sleep 30'], { timeoutMs: 300 });
    expect(slow.code).toBe(-1);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
