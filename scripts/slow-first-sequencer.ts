import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that drive real programs (the CLI bundle, claude, codex, a container) and so take the longest: started
 * first, so that the last worker is not left alone with one of them while the others have finished.
 */
const SLOW_FILE = /\.(e2e|hostile|browser|differential)\.test\.ts$|(conformance|docker-environment|opensandbox-environment)\.test\.ts$/;

/** vitest's own order (by the previous run's durations when it has them), with the slow files moved to the front. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => SLOW_FILE.test(file.moduleId);
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}
