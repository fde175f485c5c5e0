/** PDF string escaping: backslash and parentheses. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

/**
 * A small real PDF (1.4, Helvetica, one text line per entry, a cross-reference table with true
 * offsets) for the PDF loader's tests: no PDF library writes it, so the reader is tested on bytes.
 */
export function writeTextPdf(options: {
  readonly title: string;
  readonly pages: readonly (readonly string[])[];
}): Buffer {
  const objects: string[] = [];
  const pageCount = options.pages.length;
  const fontId = 3 + pageCount * 2;
  const infoId = fontId + 1;
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = options.pages.map((_, index) => `${3 + index * 2} 0 R`).join(' ');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  options.pages.forEach((lines, index) => {
    const contentId = 4 + index * 2;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contentId} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`,
    );
    const body = `BT /F1 12 Tf 14 TL 72 720 Td ${lines.map((line) => `${pdfString(line)} Tj T*`).join(' ')} ET`;
    objects.push(`<< /Length ${Buffer.byteLength(body)} >>\nstream\n${body}\nendstream`);
  });
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  objects.push(`<< /Title ${pdfString(options.title)} >>`);
  let output = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(output));
    output += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(output);
  output += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) output += `${String(offset).padStart(10, '0')} 00000 n \n`;
  output += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(output, 'latin1');
}
