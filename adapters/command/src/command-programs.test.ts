import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const engine = (settings: Record<string, unknown>) =>
  plugin.create(plugin.parseSettings({ trusted: true, ...settings }));

describe('the files a command runs, for a sandbox to mount', () => {
  it('names the program and every existing file the line gives by absolute path', () => {
    dir = mkdtempSync(join(tmpdir(), 'cmd-programs-'));
    const agent = join(dir, 'agent.sh');
    const data = join(dir, 'data.txt');
    writeFileSync(agent, '#!/bin/sh\necho hi\n');
    chmodSync(agent, 0o755);
    writeFileSync(data, 'x');
    const env = { PATH: '/usr/bin:/bin' };
    expect(engine({ command: './agent.sh --fast', baseDir: dir }).programs?.(env)).toEqual([agent]);
    expect(engine({ command: `sh ${agent} < ${data} ${join(dir, 'missing')}`, baseDir: dir }).programs?.(env)).toEqual([
      agent,
      data,
    ]);
    expect(engine({ command: 'cat', baseDir: dir }).programs?.(env)).toEqual([]);
  });
});
