import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { createVitest } from 'vitest/node';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * What a test file may not do when it shares its worker's module graph with the files run before and after it
 * (`isolate: false`): change the process for them — its environment, working directory or exit code, a module's
 * exports, the clock, a global. Such a file goes in its package's `isolated` list (vitest.shared.ts).
 */
const PROCESS_CHANGES: [RegExp, string][] = [
  [/\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|setSystemTime)\(/, 'vi.$1'],
  [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/, 'an assignment to process.env'],
  [/\bdelete process\.env\b/, 'a deletion from process.env'],
  [/\bprocess\.(chdir|umask)\(/, 'process.$1'],
  [/\bprocess\.exitCode\s*=(?!=)/, 'process.exitCode'],
];

it('no test file that shares a module graph changes the process for the others', async () => {
  // vitest's own reading of the root config: every project, its files, and whether it isolates them.
  const vitest = await createVitest('test', { watch: false, config: `${ROOT}vitest.config.ts`, reporters: [] });
  try {
    const specs = await vitest.globTestSpecifications();
    const shared = specs.filter((spec) => spec.project.config.isolate === false);
    // The split and unit packages put most files here: if none were, the check would prove nothing.
    expect(shared.length).toBeGreaterThan(specs.length / 2);
    const found = shared.flatMap((spec) => {
      const text = readFileSync(spec.moduleId, 'utf8');
      return PROCESS_CHANGES.filter(([pattern]) => pattern.test(text)).map(
        ([pattern, what]) =>
          `${relative(ROOT, spec.moduleId)} (project ${spec.project.name}): ${text.match(pattern)![0].replace(pattern, what)}`,
      );
    });
    expect(
      found,
      'move each file into its package\'s "isolated" list (vitest.config.ts of the package; vitest.shared.ts)',
    ).toEqual([]);
  } finally {
    await vitest.close();
  }
}, 60_000);
