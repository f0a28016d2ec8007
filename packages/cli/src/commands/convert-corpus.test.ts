import { CORPUS_DIR, corpusFiles, corpusPath } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { buildRegistry } from '../plugins/build-registry.js';
import { captureIO } from '../test-support/capture-io.js';

/** Why a conversion to stdout may stop: errors in the file, a target that holds no case, or several files to write. */
const REFUSALS = /Nothing was converted|Name an output folder with -o/;

describe('convert to stdout, every corpus file to every format', async () => {
  const { registry } = await buildRegistry({ engines: [], plugins: [], cwd: CORPUS_DIR });
  const targets = registry.formats.filter((p) => p.create(p.parseSettings(undefined)).write).map((p) => p.id);

  it.each(corpusFiles())('%s', async (file) => {
    expect(targets.length).toBeGreaterThan(1);
    // Named relative to the corpus that holds it, as a user in that folder would.
    const root = corpusPath(file).slice(0, -file.length);
    for (const to of targets) {
      const io = captureIO(root);
      const code = await main(['convert', file, '--to', to], io);
      const said = `--to ${to}:\n${io.err()}`;
      expect(io.err(), said).not.toContain('internal error');
      if (code === 0) expect(io.out().trim(), said).not.toBe('');
      else {
        expect(code, said).toBe(2);
        expect(io.err(), said).toMatch(REFUSALS);
        expect(io.out(), said).toBe('');
      }
    }
  });
});
