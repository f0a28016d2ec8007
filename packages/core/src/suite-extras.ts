import type { Suite } from './case.js';

/**
 * One `lost` line for each top-level key a reader kept without giving it a meaning (`settings.metadata`: BMAD's
 * `_design_notes`, AgentV's `category`), for a writer whose format has no place for them.
 */
export function unwrittenSuiteKeys(suite: Suite, format: string): string[] {
  const metadata = suite.settings.metadata;
  if (!metadata || typeof metadata !== 'object') return [];
  return Object.keys(metadata).map((key) => `suite: top-level key "${key}" (${format} has no place for it)`);
}
