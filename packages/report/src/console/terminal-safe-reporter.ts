import { type Reporter, terminalSafe } from '@skill-eval/core';

/**
 * `reporter` seeing every string it is given — case names, prompts, answers, tool output, warnings, error messages,
 * from eval files and agents — with its control characters made visible (see terminalText): what it prints can
 * colour and move the cursor as it means to, and nothing it shows can.
 */
export function terminalSafeReporter(reporter: Reporter): Reporter {
  const safe: Reporter = {};
  for (const [hook, handler] of Object.entries(reporter) as [keyof Reporter, (...args: unknown[]) => unknown][]) {
    if (typeof handler !== 'function') continue;
    (safe as Record<string, unknown>)[hook] = (...args: unknown[]) => handler.apply(reporter, args.map(terminalSafe));
  }
  return safe;
}
