import type { ReliabilityTable } from '@rootweaver/innovations';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * An SVG reliability diagram: per confidence bin, the share of right answers (bars, width by bin,
 * opacity by count) against the diagonal a calibrated extractor would follow, with the ECE.
 */
export function renderReliabilityChart(table: ReliabilityTable, title: string): string {
  const width = 420;
  const height = 420;
  const left = 60;
  const top = 40;
  const size = 320;
  const x = (value: number) => left + value * size;
  const y = (value: number) => top + size - value * size;
  const most = Math.max(1, ...table.bins.map((bin) => bin.count));
  const bars = table.bins
    .filter((bin) => bin.count > 0 && bin.accuracy !== null)
    .map((bin) => {
      const accuracy = bin.accuracy ?? 0;
      const opacity = (0.35 + (0.65 * bin.count) / most).toFixed(2);
      return `<rect x="${x(bin.from) + 1}" y="${y(accuracy)}" width="${(bin.to - bin.from) * size - 2}" height="${y(0) - y(accuracy)}" fill="#2b6cb0" fill-opacity="${opacity}"><title>confidence ${bin.from.toFixed(1)}–${bin.to.toFixed(1)}: ${bin.count} answers, ${(accuracy * 100).toFixed(0)} % right (mean confidence ${((bin.meanConfidence ?? 0) * 100).toFixed(0)} %)</title></rect>`;
    });
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1].flatMap((tick) => [
    `<text x="${x(tick)}" y="${y(0) + 16}" font-size="11" text-anchor="middle">${tick.toFixed(1)}</text>`,
    `<text x="${left - 8}" y="${y(tick) + 4}" font-size="11" text-anchor="end">${tick.toFixed(1)}</text>`,
  ]);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${width / 2}" y="22" font-size="13" text-anchor="middle">${escapeXml(title)}</text>`,
    `<rect x="${left}" y="${top}" width="${size}" height="${size}" fill="none" stroke="#999"/>`,
    ...bars,
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#c53030" stroke-dasharray="4 3"/>`,
    ...ticks,
    `<text x="${left + size / 2}" y="${height - 30}" font-size="12" text-anchor="middle">answer confidence</text>`,
    `<text x="16" y="${top + size / 2}" font-size="12" text-anchor="middle" transform="rotate(-90 16 ${top + size / 2})">share right (EM)</text>`,
    `<text x="${left + 6}" y="${top + 16}" font-size="12">ECE ${table.expectedCalibrationError.toFixed(3)} over ${table.count} answers</text>`,
    '</svg>',
  ].join('\n');
}
