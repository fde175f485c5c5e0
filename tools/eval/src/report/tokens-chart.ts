export interface ChartPoint {
  readonly label: string;
  /** Median tokens per question. */
  readonly tokens: number;
  /** Exact match in percent. */
  readonly exactMatch: number;
  /** Highlight this project's point. */
  readonly highlight?: boolean;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/** A hand-written SVG scatter chart: median tokens per question (x) against exact match (y). */
export function renderTokensChart(points: readonly ChartPoint[], title: string): string {
  const width = 640;
  const height = 400;
  const left = 64;
  const right = 24;
  const top = 40;
  const bottom = 56;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const maxTokens = niceCeiling(Math.max(1, ...points.map((point) => point.tokens)) * 1.1);
  const maxExactMatch = niceCeiling(Math.max(10, ...points.map((point) => point.exactMatch)) * 1.1);
  const x = (tokens: number) => left + (tokens / maxTokens) * plotWidth;
  const y = (exactMatch: number) => top + plotHeight - (exactMatch / maxExactMatch) * plotHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`,
  ];
  for (let tick = 0; tick <= 5; tick += 1) {
    const tokens = (maxTokens * tick) / 5;
    const exactMatch = (maxExactMatch * tick) / 5;
    parts.push(
      `<line x1="${x(tokens)}" y1="${top}" x2="${x(tokens)}" y2="${top + plotHeight}" stroke="#eee"/>`,
      `<text x="${x(tokens)}" y="${top + plotHeight + 16}" text-anchor="middle">${Math.round(tokens)}</text>`,
      `<line x1="${left}" y1="${y(exactMatch)}" x2="${left + plotWidth}" y2="${y(exactMatch)}" stroke="#eee"/>`,
      `<text x="${left - 8}" y="${y(exactMatch) + 4}" text-anchor="end">${Math.round(exactMatch * 10) / 10}</text>`,
    );
  }
  parts.push(
    `<rect x="${left}" y="${top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#333"/>`,
    `<text x="${left + plotWidth / 2}" y="${height - 14}" text-anchor="middle">median tokens per question (Llama-3 tokenizer)</text>`,
    `<text x="16" y="${top + plotHeight / 2}" text-anchor="middle" transform="rotate(-90 16 ${top + plotHeight / 2})">exact match (%)</text>`,
  );
  // Labels of points on the right end at the point, so they stay inside the chart.
  const rightHalf = (point: ChartPoint) => x(point.tokens) > left + plotWidth / 2;
  for (const point of points) {
    const colour = point.highlight === true ? '#d62728' : '#1f77b4';
    parts.push(
      `<circle cx="${x(point.tokens).toFixed(1)}" cy="${y(point.exactMatch).toFixed(1)}" r="6" fill="${colour}"/>`,
      `<text x="${(x(point.tokens) + (rightHalf(point) ? -9 : 9)).toFixed(1)}" y="${(y(point.exactMatch) - 8).toFixed(1)}"${rightHalf(point) ? ' text-anchor="end"' : ''}>${escapeXml(
        `${point.label} (${Math.round(point.tokens)}, ${point.exactMatch})`,
      )}</text>`,
    );
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
