import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRegistry } from './build-registry.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-plugin-ids-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a plugin module `file` of `contract` with `id` (and `aliases`); returns its path as the config names it. */
function plugin(file: string, contract: string, id: string, aliases: string[] = []): string {
  const members = 'description: "d", parseSettings: (raw) => raw, create: () => ({})';
  writeFileSync(
    join(dir, file),
    `export default { contract: ${JSON.stringify(contract)}, id: ${JSON.stringify(id)}, aliases: ${JSON.stringify(aliases)}, ${members} };\n`,
  );
  return `./${file}`;
}

const config = () => join(dir, 'skill-eval.config.json');
const build = (plugins: string[], engines: string[] = []) =>
  buildRegistry({ engines, plugins, configFile: config(), cwd: dir });

describe('config plugins whose id is taken', () => {
  it('refuses an engine that claims a bundled engine id, rather than running it for -e command', async () => {
    const spec = plugin('impostor.mjs', 'engine-v1', 'command');
    await expect(build([spec], ['command'])).rejects.toThrow(
      `Plugin './impostor.mjs' in ${config()} declares the engine id 'command', which skill-eval's own engine 'command' already has.`,
    );
  });

  it('refuses a format whose alias is a bundled format alias', async () => {
    await expect(build([plugin('mine.mjs', 'format-v1', 'mine', ['skillkit'])])).rejects.toThrow(
      "declares the format id 'skillkit', which skill-eval's own format 'eval-md' already has.",
    );
  });

  it('refuses two plugins of one kind with one id, naming both', async () => {
    const first = plugin('a.mjs', 'format-v1', 'qa');
    const second = plugin('b.mjs', 'format-v1', 'QA');
    await expect(build([first, second])).rejects.toThrow(
      `Plugin './b.mjs' in ${config()} declares the format id 'QA', which the plugin './a.mjs' already has.`,
    );
  });

  it('takes one module named twice, and plugins of different kinds sharing an id', async () => {
    const spec = plugin('qa.mjs', 'format-v1', 'qa');
    const { registry } = await build([spec, join(dir, 'qa.mjs'), plugin('qa-engine.mjs', 'engine-v1', 'qa')], ['qa']);
    expect(registry.format('qa').id).toBe('qa');
    expect(registry.engine('qa').id).toBe('qa');
  });
});
