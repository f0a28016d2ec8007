import { describe, expect, it } from 'vitest';
import { buildRegistry } from './build-registry.js';
import { BUNDLED_ENGINES, BUNDLED_FORMATS, BUNDLED_REPORTERS } from './bundled.js';

describe('the bundled formats', () => {
  it.each(BUNDLED_FORMATS.map((b) => [b.id, b] as const))(
    '%s lists the extensions its reader reads, its id and its aliases',
    async (_id, bundled) => {
      const plugin = (await bundled.load()).default;
      const reader = plugin.create(plugin.parseSettings(undefined));
      expect(plugin.id).toBe(bundled.id);
      expect(plugin.aliases ?? []).toEqual(bundled.aliases);
      expect(reader.extensions).toEqual(bundled.extensions);
      // The light `./plugin` entry the CLI imports is the very plugin the package's index default-exports.
      expect((await import(bundled.package)).default).toBe(plugin);
    },
  );
});

describe('the bundled engines and reporters', () => {
  it.each([...BUNDLED_ENGINES, ...BUNDLED_REPORTERS].map((b) => [b.id, b] as const))(
    '%s has the id and aliases listed for it',
    async (_id, bundled) => {
      const plugin: { id: string; aliases?: readonly string[] } = (await bundled.load()).default;
      expect([plugin.id, plugin.aliases ?? []]).toEqual([bundled.id, bundled.aliases]);
    },
  );
});

describe('buildRegistry: formats for the named files', () => {
  const idsFor = async (request: { fileExtensions?: string[]; format?: string }) =>
    (
      await buildRegistry({ engines: [], plugins: [], cwd: process.cwd(), reporters: [], ...request })
    ).registry.formats.map((f) => f.id);
  const formatIds = (fileExtensions?: string[]) => idsFor(fileExtensions ? { fileExtensions } : {});
  const every = BUNDLED_FORMATS.map((b) => b.id);

  it('imports only the formats that read the files', async () => {
    expect(await formatIds(['.yaml'])).toEqual(['skillet', 'skill-up', 'agentv', 'claude-plugin-eval', 'promptfoo']);
    expect(await formatIds(['.json', '.md'])).toEqual([
      'evals-json',
      'eval-md',
      'triggers-json',
      'claude-plugin-eval',
      'promptfoo',
    ]);
    expect(await formatIds([])).toEqual([]);
  });

  it('imports every format for a folder scan, or when a file is one no format reads (its message lists them all)', async () => {
    expect(await formatIds()).toEqual(every);
    expect(await formatIds(['.yaml', '.txt'])).toEqual(every);
  });

  it('imports only the format --format names, by id or alias, and every one for a name no bundled format has', async () => {
    expect(await idsFor({ format: 'agentv' })).toEqual(['agentv']);
    expect(await idsFor({ format: 'SkillKit' })).toEqual(['eval-md']);
    const registry = await buildRegistry({ engines: [], plugins: [], cwd: process.cwd(), format: 'skillup' });
    expect(registry.registry.format('skillup').id).toBe('skill-up');
    expect(await idsFor({ format: 'my-own-format' })).toEqual(every);
  });
});
