import { describe, expect, it } from 'vitest';
import { writtenPastPlantedLinks } from '../test-support/planted-links.js';
import { readCaseIndex, writeCaseIndex } from './case-index-file.js';

describe.runIf(process.platform !== 'win32')('cases.json of a run directory someone else wrote', () => {
  it('is written through no link planted at the temporary name an older skill-eval used, nor at its name', () =>
    writtenPastPlantedLinks(
      'cases.json',
      (run) => writeCaseIndex(run, { format: 'skill-eval-cases-v1', cases: [] }),
      async (run) => expect(await readCaseIndex(run)).toEqual({ format: 'skill-eval-cases-v1', cases: [] }),
    ));
});
