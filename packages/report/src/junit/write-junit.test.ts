import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writtenPastPlantedLinks } from '../test-support/planted-links.js';
import { caseResult } from '../test-support/results.js';
import { writeJunit } from './write-junit.js';

describe.runIf(process.platform !== 'win32')('junit.xml of a run directory someone else wrote (report --junit)', () => {
  it('is written through no link planted at the temporary name an older skill-eval used, nor at its name', () =>
    writtenPastPlantedLinks(
      'junit.xml',
      async (run) => expect(await writeJunit(run, [caseResult()])).toBe(join(run, 'junit.xml')),
      (run) => expect(readFileSync(join(run, 'junit.xml'), 'utf8')).toContain('<testsuites'),
    ));
});
