import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPlugin, type PluginOrigin } from './load-plugin.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-load-plugin-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const engineOrigin: PluginOrigin = {
  named: "Engine plugin './plugin.mjs'",
  fix: 'fix it, or name another engine in --engine',
  contracts: ['engine-v1'],
};
const ENGINE = '{ contract: "engine-v1", id: "mine", parseSettings: (raw) => raw, create: () => ({}) }';

/** Loads `source` saved as `file` with `engineOrigin`. */
function load(source: string, file = 'plugin.mjs') {
  writeFileSync(join(dir, file), source);
  return loadPlugin(`./${file}`, dir, engineOrigin);
}

/** The error loading `source` gives, as `code: message / hint`. */
async function problem(source: string): Promise<string> {
  const error = await load(source).then(
    () => expect.fail('the plugin loaded'),
    (e: { code: string; message: string; hint?: string }) => e,
  );
  return `${error.code}: ${error.message} / ${error.hint}`;
}

describe('loading a plugin module', () => {
  it('takes a plugin that is the default export', async () => {
    expect((await load(`export default ${ENGINE};`))?.plugin).toMatchObject({ contract: 'engine-v1', id: 'mine' });
  });

  it('takes the plugin of a CommonJS module compiled from ESM (exports.default with __esModule)', async () => {
    const source = `Object.defineProperty(exports, '__esModule', { value: true });\nexports.default = ${ENGINE};\n`;
    expect((await load(source, 'plugin.cjs'))?.plugin).toMatchObject({ contract: 'engine-v1', id: 'mine' });
  });

  it('takes a plain CommonJS module.exports plugin', async () => {
    expect((await load(`module.exports = ${ENGINE};\n`, 'plugin.cjs'))?.plugin).toMatchObject({ id: 'mine' });
  });

  it.each([
    [
      'has only named exports',
      `export const plugin = ${ENGINE};`,
      "UNKNOWN_PLUGIN: Engine plugin './plugin.mjs' exports no plugin: the module has no default export. / Default-export the plugin, or fix it, or name another engine in --engine.",
    ],
    [
      'default-exports a factory',
      `export default () => (${ENGINE});`,
      "PLUGIN_CONTRACT: Engine plugin './plugin.mjs' exports a function as its default export, not a plugin object.",
    ],
    [
      'speaks another contract version',
      `export default { ...${ENGINE}, contract: 'engine-v2' };`,
      "PLUGIN_CONTRACT: Engine plugin './plugin.mjs' declares contract 'engine-v2', which this skill-eval does not speak (its engine plugins speak engine-v1). / Install a version of the plugin made for engine-v1, or a skill-eval that speaks engine-v2;",
    ],
    [
      'is a plugin of another kind',
      `export default { ...${ENGINE}, contract: 'format-v1' };`,
      "PLUGIN_CONTRACT: Engine plugin './plugin.mjs' is a format plugin (contract 'format-v1'); only engine-v1 plugins are taken here.",
    ],
    [
      'declares no contract',
      'export default { id: "x" };',
      "UNKNOWN_PLUGIN: Engine plugin './plugin.mjs' exports no skill-eval plugin: its default export declares contract undefined. / A plugin declares one of engine-v1;",
    ],
    [
      'lacks its functions',
      'export default { contract: "engine-v1", id: "x", create: "no" };',
      "PLUGIN_CONTRACT: Engine plugin './plugin.mjs' is not a complete engine-v1 plugin: it has no parseSettings(), no create().",
    ],
    [
      'imports a package that is not installed',
      "import 'skill-eval-missing-peer-of-this-plugin';\nexport default {};",
      "UNKNOWN_PLUGIN: Engine plugin './plugin.mjs' could not be loaded: Cannot find package 'skill-eval-missing-peer-of-this-plugin'",
    ],
  ])('that %s: names it and says what to do', async (_what, source, expected) => {
    expect(await problem(source)).toContain(expected);
  });

  it('of a package that is not installed: undefined, for the caller to try the next name', async () => {
    expect(await loadPlugin('skill-eval-engine-not-installed-anywhere', dir, engineOrigin)).toBeUndefined();
  });
});
