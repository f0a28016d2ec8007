import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { executable, programFolder } from '@skill-eval/engine-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { programUploads } from './program-uploads.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('programUploads', () => {
  it('uploads a linked native program at its real path and runs it there', () => {
    const root = programFolder('skill-eval-uploads-');
    roots.push(root);
    const native = executable(join(root, 'opt/agent/agent-1.0'), '\x7fELF native');
    symlinkSync(native, join(root, 'agent'));
    const uploads = programUploads([join(root, 'agent')]);
    expect(uploads.commands).toEqual(new Map([[join(root, 'agent'), [native]]]));
    expect(uploads.files).toEqual([
      { host: native, inside: join(root, 'agent') },
      { host: native, inside: native },
    ]);
    expect(uploads.links).toEqual([]);
  });

  it("uploads a pnpm-installed Node script's whole node_modules, its store links made again, run by node", () => {
    const root = programFolder('skill-eval-uploads-');
    roots.push(root);
    const modules = join(root, 'node_modules');
    const store = join(modules, '.pnpm/tool@2.0.0/node_modules');
    const script = executable(join(store, 'tool/cli.js'), '#!/usr/bin/env node\nrequire("dep");\n');
    writeFileSync(join(store, 'tool/package.json'), '{"name":"tool"}');
    executable(join(modules, '.pnpm/dep@1.0.0/node_modules/dep/index.js'), 'module.exports = 1;\n');
    // pnpm links a package's dependencies beside it in the store, and the project's direct ones at the top.
    symlinkSync('../../dep@1.0.0/node_modules/dep', join(store, 'dep'));
    symlinkSync('.pnpm/tool@2.0.0/node_modules/tool', join(modules, 'tool'));
    mkdirSync(join(modules, '.bin'));
    symlinkSync('../tool/cli.js', join(modules, '.bin/tool'));
    const program = join(modules, '.bin/tool');
    const uploads = programUploads([program, program]);
    expect(uploads.commands).toEqual(new Map([[program, ['node', script]]]));
    expect(uploads.files).toEqual(
      expect.arrayContaining([
        { host: script, inside: program },
        { host: script, inside: script },
        { host: join(store, 'tool/package.json'), inside: join(store, 'tool/package.json') },
        {
          host: join(modules, '.pnpm/dep@1.0.0/node_modules/dep/index.js'),
          inside: join(modules, '.pnpm/dep@1.0.0/node_modules/dep/index.js'),
        },
      ]),
    );
    expect(uploads.files).toHaveLength(4);
    expect(uploads.links).toEqual(
      expect.arrayContaining([
        { path: join(store, 'dep'), target: '../../dep@1.0.0/node_modules/dep' },
        { path: join(modules, 'tool'), target: '.pnpm/tool@2.0.0/node_modules/tool' },
        { path: program, target: '../tool/cli.js' },
      ]),
    );
  });
});
