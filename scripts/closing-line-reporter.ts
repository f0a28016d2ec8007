import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, that CI systems read — after the tests
 * skipped with a reason (`ctx.skip(reason)`), one line each, so that no skip goes unexplained.
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const reasons: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') failed++;
        else {
          skipped++;
          if (result.state === 'skipped' && result.note) {
            reasons.push(`  ↓ ${relative(process.cwd(), module.moduleId)} > ${test.fullName}: ${result.note}`);
          }
        }
      }
      if (module.state() === 'failed' && module.children.size === 0) failed++;
    }
    if (reasons.length) process.stdout.write(`\nskipped, with the reason:\n${reasons.join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
