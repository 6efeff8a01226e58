import { deflateSync } from 'node:zlib';
import { makePdf } from '../test/make-pdf';
import { mapReducePaperPdf } from '../test/test-papers';

/**
 * Malformed and malicious PDFs for hostile-pdfs.slow.test.ts, built at test time (nothing large is committed).
 * Each is what an attacker or a broken producer can upload; none may hang a job or crash a worker.
 */

/** An eight-page paper cut in half: no cross-reference table, no trailer, streams cut mid-way. */
export async function truncatedPdf(): Promise<Buffer> {
  const whole = await mapReducePaperPdf();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * A PDF whose trailer names an /Encrypt dictionary (RC4, 128 bit) with a user password nobody knows:
 * readers must ask for a password, and a server has none to give.
 */
export function encryptedPdf(): Buffer {
  const plain = makePdf([['Secret findings.']]).toString('latin1');
  const id = '<0123456789abcdef0123456789abcdef>';
  const encrypt =
    `/Encrypt << /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 ` +
    `/O <${'a5'.repeat(32)}> /U <${'5c'.repeat(32)}> >> /ID [${id} ${id}]`;
  return Buffer.from(plain.replace('trailer\n<<', `trailer\n<< ${encrypt}`), 'latin1');
}

/**
 * A page whose FlateDecode content stream is a few hundred KB on disk and `inflatedMegabytes` once
 * decoded (spaces compress about a thousandfold): the zip bomb of PDFs.
 */
export function flateBombPdf(inflatedMegabytes: number): { pdf: Buffer; storedBytes: number } {
  const chunk = deflateSync(Buffer.alloc(inflatedMegabytes * 1024 * 1024, 0x20), { level: 9 });
  const pdf = makePdf([['A page before the bomb.'], { rawContent: chunk.toString('latin1'), filter: 'FlateDecode' }]);
  return { pdf, storedBytes: chunk.length };
}

/** Thousands of pages that each draw nothing, sharing one empty content stream. */
export function emptyPagesPdf(count: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: count }, (_, i) => `${i + 4} 0 R`).join(' ')}] /Count ${count} >>`,
    '<< /Length 0 >>\nstream\n\nendstream',
    ...Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>'),
  ];
  return assemble(objects);
}

/**
 * A page tree that points back at itself, and a chain of `depth` nested /Pages nodes: readers that walk
 * trees by recursion without a visited set overflow the stack or loop forever.
 */
export function recursivePdf(depth: number): Buffer {
  // 1 catalog, 2 root /Pages whose kids are itself and the chain's first node, 3.. the chain, then the page.
  const page = depth + 3;
  const chain = Array.from({ length: depth }, (_, i) => {
    const kid = i === depth - 1 ? page : i + 4;
    return `<< /Type /Pages /Parent ${i + 2} 0 R /Kids [${kid} 0 R] /Count 1 >>`;
  });
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
    ...chain,
    `<< /Type /Page /Parent ${depth + 2} 0 R /MediaBox [0 0 595 842] >>`,
  ]);
}

/** A valid one-page PDF of exactly `bytes` bytes: the rest is an uncompressed stream nothing refers to. */
export function paddedPdf(bytes: number): Buffer {
  const sentence = 'MapReduce splits a large job into map and reduce tasks that run on many machines.';
  const text = Array.from({ length: 40 }, (_, i) => `BT /F1 11 Tf 56 ${780 - i * 14} Td (${sentence}) Tj ET`).join(
    '\n',
  );
  const objects = (padding: number) => [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    `<< /Length ${padding} >>\nstream\n${' '.repeat(padding)}\nendstream`,
  ];
  const overhead = assemble(objects(0)).length;
  // The padding's own /Length digits count too; one more pass settles them.
  const guess = assemble(objects(bytes - overhead)).length - bytes;
  return assemble(objects(bytes - overhead - guess));
}

function assemble(objects: string[]): Buffer {
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
