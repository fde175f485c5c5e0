/** A figure stored in `selector.json` or its report, to six decimals (enough, and stable in diffs). */
export function roundFigure(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
