/** One step of cutting a column down to `min` characters; steps are taken in order until the row fits. */
export interface Shrinkable {
  index: number;
  min: number;
}

/**
 * Column widths for cells of natural widths `natural`, so that the row plus `gap` characters between
 * columns fits in `width`. Only the `shrinkable` columns are cut; if that is not enough, the table overflows.
 */
export function fitColumns(
  natural: readonly number[],
  shrinkable: readonly Shrinkable[],
  width: number,
  gap = 2,
): number[] {
  const widths = [...natural];
  let excess = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1) - width;
  for (const { index, min } of shrinkable) {
    if (excess <= 0) break;
    const current = widths[index] ?? 0;
    const cut = Math.min(excess, Math.max(0, current - min));
    widths[index] = current - cut;
    excess -= cut;
  }
  return widths;
}
