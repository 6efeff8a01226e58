// Reads the text layer of a share of a PDF's pages in a worker thread (see pdf-text-pool.ts), so a long PDF is
// read on every core and the thread that serves requests never loads pdf.js for it. From the sources the thread
// runs this file through tsx; from dist, build.mjs bundles it as dist/pdf-text-worker.js.
import { parentPort } from 'node:worker_threads';
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import type { PDFDocumentProxy } from 'unpdf/pdfjs';
import { yieldToServingThread } from '../../lifecycle/thread-priority';
import { forEachPage, readPageText } from './pdf-page-text';
import { claimBlock, type PageText, type PoolReply, type PoolRequest } from './pdf-text-pool';

async function readBlock(pdf: PDFDocumentProxy, from: number, to: number): Promise<PageText[]> {
  const { normalizeUnicode } = await getResolvedPDFJS();
  const pages: PageText[] = [];
  await forEachPage(from, to, async (number) => {
    const text = await readPageText(pdf, number, normalizeUnicode);
    pages.push(text === null ? { number, failed: true } : { number, text });
  });
  return pages;
}

/**
 * Opens the document and reads blocks of `blockPages` pages, claiming the next unread one each time, until none is
 * left; each block is sent as soon as it is read so the caller can index it meanwhile.
 */
async function read({ id, bytes, claims, blockPages, readsInfo }: PoolRequest, reply: (message: PoolReply) => void) {
  // pdf.js takes ownership of the array it is given; the shared bytes stay intact for the other threads.
  const pdf = await getDocumentProxy(new Uint8Array(bytes).slice());
  try {
    const pageCount = pdf.numPages;
    const counter = new Int32Array(claims);
    let block = claimBlock(counter, blockPages, pageCount);
    while (block) {
      reply({ id, pageCount, pages: await readBlock(pdf, block.from, block.to) });
      block = claimBlock(counter, blockPages, pageCount);
    }
    // One thread is enough to read the document's information dictionary.
    const info = readsInfo ? ((await pdf.getMetadata().catch(() => null))?.info ?? {}) : null;
    reply({ id, finished: { pageCount, info: info as Record<string, unknown> | null } });
  } finally {
    await pdf.destroy();
  }
}

// Reading a PDF is background work: requests come first when the cores are busy.
yieldToServingThread();

parentPort?.on('message', async (request: PoolRequest) => {
  const reply = (message: PoolReply) => parentPort?.postMessage(message);
  try {
    await read(request, reply);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    reply({ id: request.id, error: { name: failure.name, message: failure.message } });
  }
});
