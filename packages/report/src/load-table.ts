import type TableConstructor from 'cli-table3';

/**
 * cli-table3, loaded when a table is drawn rather than with the package: a run that prints no table (`--quiet`,
 * `--json`) does not load it before its first engine starts.
 */
export async function loadTable(): Promise<typeof TableConstructor> {
  return (await import('cli-table3')).default;
}
