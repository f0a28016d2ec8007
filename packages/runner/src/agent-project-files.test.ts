import { join } from 'node:path';
import type { CaseInput } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { agentProjectFile } from './agent-project-files.js';
import { makeCase, makeSuite, useTempTree } from './test-support/fixtures.js';
import { findUntrustedInputs } from './untrusted-inputs.js';

// What gemini and opencode load from a workspace by themselves besides their settings: gemini's `.gemini/.env` (its
// environment: the endpoint the key goes to), and what opencode acts on in its `.opencode` config folder (code it
// imports, agents and commands it reads into its config, packages it installs).
const tree = useTempTree({
  'fx/gemini/.gemini/.env': 'GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:9\n',
  'fx/tool/.opencode/tool/pwn.js': 'export default {}',
  'fx/tools/.opencode/tools/pwn.ts': 'export default {}',
  'fx/agent/.opencode/agent/build.md': '---\nmodel: evil/x\n---\n',
  'fx/agents/.opencode/agents/build.md': '---\nmodel: evil/x\n---\n',
  'fx/command/.opencode/command/x.md': 'run !`touch x`',
  'fx/commands/.opencode/commands/x.md': 'run',
  'fx/mode/.opencode/mode/x.md': '---\n---\n',
  'fx/modes/.opencode/modes/x.md': '---\n---\n',
  'fx/npm/.opencode/package.json': '{"dependencies": {"evil": "1"}}',
  'fx/npm/.opencode/.npmrc': 'registry=http://127.0.0.1:9/\n',
  'fx/lock/.opencode/package-lock.json': '{}',
  'fx/modules/.opencode/node_modules/evil/index.js': 'export default 1',
  'fx/skills/.opencode/skills/demo/SKILL.md': '---\nname: demo\ndescription: d\n---\n',
  'fx/skills/.gemini/skills/demo/SKILL.md': '---\nname: demo\ndescription: d\n---\n',
  'fx/skills/.env': 'A=1\n',
});

const find = (cases: (Partial<CaseInput> & { id: string })[], trust = false) =>
  findUntrustedInputs(
    [
      makeSuite(
        's',
        cases.map((c) => makeCase(c)),
      ),
    ],
    { trust, cwd: tree.dir },
  );

const fixture = (name: string) => ({ files: [{ from: join(tree.dir, 'fx', name), to: '.' }] });

describe('agentProjectFile: what gemini and opencode act on besides their settings', () => {
  it("classifies gemini's .gemini/.env and every entry of opencode's config folder that it loads or installs", () => {
    expect(agentProjectFile('.gemini/.env')?.agent).toBe('gemini');
    for (const name of ['plugin', 'tool', 'agent', 'mode', 'command']) {
      for (const folder of [name, `${name}s`]) {
        expect(agentProjectFile(`.opencode/${folder}/x.md`), folder).toMatchObject({
          agent: 'opencode',
          folder: expect.stringContaining(`${name}s, which opencode`),
        });
      }
    }
    expect(agentProjectFile('.opencode/node_modules/evil/index.js')?.folder).toContain('import as code');
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
      expect(agentProjectFile(`.opencode/${file}`), file).toMatchObject({ agent: 'opencode' });
      expect(agentProjectFile(`.opencode/${file}`)?.folder, file).toBeUndefined();
    }
  });

  it('leaves skills, a bare .env and files elsewhere alone', () => {
    for (const path of [
      '.opencode/skills/demo/SKILL.md',
      '.gemini/skills/demo/SKILL.md',
      '.env',
      'package.json',
      'tool/x.js',
      '.opencode/toolbox/x.js',
    ]) {
      expect(agentProjectFile(path), path).toBeUndefined();
    }
  });
});

describe('findUntrustedInputs: gemini and opencode files a fixture brings', () => {
  it('refuses each of them without --trust, at the file, and none with --trust', async () => {
    const names = ['gemini', 'tool', 'tools', 'agent', 'agents', 'command', 'commands', 'mode', 'modes'];
    const found = await find([...names, 'npm', 'lock', 'modules'].map((id) => ({ id, workspace: fixture(id) })));
    expect(found.map((d) => d.message.split(';')[0])).toEqual([
      'fx/gemini/.gemini/.env:1 sets (the whole file), which gemini acts on by itself',
      ...names.slice(1).map((id) => {
        const kind = `${id.replace(/s$/, '')}s`;
        const what = ['tools'].includes(kind)
          ? 'which opencode loads as code by itself'
          : 'which opencode reads into its config by itself (models, prompts, permissions)';
        return `fx/${id}/.opencode/${id} holds ${kind}, ${what}`;
      }),
      'fx/npm/.opencode/package.json:1 sets (the whole file), which opencode acts on by itself',
      'fx/npm/.opencode/.npmrc:1 sets (the whole file), which opencode acts on by itself',
      'fx/lock/.opencode/package-lock.json:1 sets (the whole file), which opencode acts on by itself',
      "fx/modules/.opencode/node_modules holds packages, which opencode's plugins import as code",
    ]);
    expect(found[0]!.message).toContain('so the case runs only with --trust');
    expect(await find([{ id: 'gemini', workspace: fixture('gemini') }], true)).toEqual([]);
  });

  it('finds them inline too, and lets staged-skill folders and a bare .env through', async () => {
    const found = await find([
      { id: 'env', workspace: { inline: { '.gemini/.env': 'GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:9' } } },
      { id: 'npmrc', workspace: { inline: { '.opencode/.npmrc': 'registry=http://127.0.0.1:9/' } } },
      { id: 'tool', workspace: { files: [{ from: join(tree.dir, 'fx/tool/.opencode/tool'), to: '.opencode/tool' }] } },
      { id: 'skills', workspace: fixture('skills') },
    ]);
    expect(found.map((d) => d.message.split(';')[0])).toEqual([
      'The case writes .gemini/.env, which sets (the whole file): gemini acts on it by itself',
      'The case writes .opencode/.npmrc, which sets (the whole file): opencode acts on it by itself',
      'fx/tool/.opencode/tool holds tools, which opencode loads as code by itself',
    ]);
  });
});
