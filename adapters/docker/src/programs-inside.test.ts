import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { executable, programFolder } from '@skill-eval/engine-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { programsInside } from './programs-inside.js';

const NODE = ['/opt/skill-eval/lib/ld.so', '--library-path', '/opt/skill-eval/lib', '/opt/skill-eval/node'];
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('programsInside', () => {
  it('runs a linked native program at its real path, and a Node script with the node of the runtime', () => {
    const root = programFolder('skill-eval-programs-');
    roots.push(root);
    const native = executable(join(root, 'opt/agent/agent-1.0'), '\x7fELF native');
    symlinkSync(native, join(root, 'agent'));
    const script = executable(join(root, 'lib/node_modules/tool/cli.js'), '#!/usr/bin/env node\n');
    symlinkSync(script, join(root, 'tool'));
    // The same program named twice (two engines) is mounted once.
    const inside = programsInside([join(root, 'agent'), join(root, 'tool'), join(root, 'agent')], NODE);
    expect(inside.commands).toEqual(
      new Map([
        [join(root, 'agent'), [native]],
        [join(root, 'tool'), [...NODE, script]],
      ]),
    );
    expect(inside.mounts).toEqual([
      { host: native, inside: join(root, 'agent') },
      { host: native, inside: native },
      { host: script, inside: join(root, 'tool') },
      { host: join(root, 'lib/node_modules'), inside: join(root, 'lib/node_modules') },
    ]);
  });
});
