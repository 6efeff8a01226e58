// Reads the text layer of some blocks of a PDF's pages in a worker thread, so a long PDF is read on every
// core. Plain JavaScript on purpose: the same file runs from the sources (tests, tsx) and beside the bundle.
import { parentPort } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';

const PAGES_IN_FLIGHT = 4;

async function readBlock(pdf, from, to) {
  const pages = [];
  let next = from;
  const lane = async () => {
    while (next <= to) {
      const number = next++;
      try {
        const page = await pdf.getPage(number);
        // Normalised once per page by the caller instead of glyph by glyph here (a quarter of the read).
        const content = await page.getTextContent({ disableNormalization: true });
        pages.push({ number, items: content.items.map((item) => [item.str ?? '', Boolean(item.hasEOL)]) });
        page.cleanup();
      } catch {
        pages.push({ number, failed: true });
      }
    }
  };
  await Promise.all(Array.from({ length: PAGES_IN_FLIGHT }, lane));
  return pages;
}

// Each block's pages go back as soon as they are read, so the caller can index them meanwhile.
parentPort?.on('message', async ({ id, bytes, blocks }) => {
  try {
    // pdf.js takes ownership of the array it is given; the shared bytes stay intact for the other readers.
    const pdf = await getDocumentProxy(new Uint8Array(bytes).slice());
    for (const [from, to] of blocks) parentPort?.postMessage({ id, pages: await readBlock(pdf, from, to) });
    await pdf.destroy();
    parentPort?.postMessage({ id, finished: true });
  } catch (error) {
    parentPort?.postMessage({ id, error: { name: error?.name ?? 'Error', message: String(error?.message ?? error) } });
  }
});
