import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfigPlugin } from './config-plugin.js';

let dir: string;
let config: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-config-plugin-'));
  config = join(dir, 'skill-eval.config.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The error loading `spec` gives, as `code: message / hint`. */
async function problem(spec: string): Promise<string> {
  const error = await loadConfigPlugin(spec, dir, config).then(
    () => expect.fail(`${spec} loaded`),
    (e: { code: string; message: string; hint?: string }) => e,
  );
  return `${error.code}: ${error.message} / ${error.hint}`;
}

describe('a plugin the config names', () => {
  it('loads a module whose default export is a plugin', async () => {
    writeFileSync(
      join(dir, 'reporter.mjs'),
      'export default { contract: "reporter-v1", id: "mine", parseSettings: (raw) => raw, create: () => ({}) };\n',
    );
    const { plugin } = await loadConfigPlugin('./reporter.mjs', dir, config);
    expect(plugin).toMatchObject({ contract: 'reporter-v1', id: 'mine' });
  });

  it('that is a path to nothing: names the config, the plugin and the path looked at', async () => {
    expect(await problem('./nothere.js')).toBe(
      `UNKNOWN_PLUGIN: Plugin './nothere.js' in ${config} was not found: ${join(dir, 'nothere.js')} does not exist. / ` +
        `Paths are taken from the working directory (${dir}): fix or remove './nothere.js' in the config's plugins list.`,
    );
  });

  it('that is a package not installed: says to install it', async () => {
    expect(await problem('skill-eval-engine-not-installed-anywhere')).toContain(
      'is not installed. / Install it (npm install skill-eval-engine-not-installed-anywhere)',
    );
  });

  it.each([
    ['fails as it loads', 'throw new Error("boom");', 'could not be loaded: boom / The module must load in Node'],
    ['does not parse', 'export default {', 'could not be loaded: '],
    ['has no default export', 'export const x = 1;', 'exports no plugin: the module has no default export.'],
    [
      'exports something else',
      'export default { id: "x" };',
      'exports no skill-eval plugin: its default export declares contract undefined.',
    ],
  ])('that %s: says so, naming the config', async (_what, source, expected) => {
    writeFileSync(join(dir, 'plugin.mjs'), source);
    const message = await problem('./plugin.mjs');
    expect(message).toMatch(/^UNKNOWN_PLUGIN: Plugin '.\/plugin.mjs' in .*skill-eval.config.json /);
    expect(message).toContain(expected);
  });
});
