/**
 * How a writer names a case in what it lists as not converted: its place in the suite, and its id when the id says
 * more than the place (`case 3 (greet-bob)`, but `case 2` for the second case whose id is 2).
 */
export const caseLabel = (index: number, id: string): string =>
  id === String(index + 1) ? `case ${id}` : `case ${index + 1} (${id})`;
