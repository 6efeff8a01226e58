// Reads the text and layout of a share of a PDF's pages with MuPDF in a worker thread (see pdf-text-pool.ts), so a
// long PDF is read on every core and the thread that serves requests never loads MuPDF for it; renders scanned
// pages for OCR too. From the sources the thread runs this file through tsx; from dist, build.mjs bundles it as
// dist/pdf-text-worker.js.
import { parentPort } from 'node:worker_threads';
import { yieldToServingThread } from '../../lifecycle/thread-priority';
import { documentInfo, loadMupdf, openPdf, readPage, renderPage } from './pdf-page-text';
import {
  claimBlock,
  type PageText,
  type PoolReply,
  type PoolRequest,
  type ReadRequest,
  type RenderRequest,
} from './pdf-text-pool';

const mupdf = await loadMupdf();

/**
 * Opens the document and reads blocks of `blockPages` pages, claiming the next unread one each time, until none is
 * left; each block is sent as soon as it is read so the caller can index it meanwhile.
 */
function read(
  { id, bytes, claims, blockPages, readsInfo, maxPages }: ReadRequest,
  reply: (message: PoolReply) => void,
) {
  const document = openPdf(mupdf, new Uint8Array(bytes), maxPages);
  try {
    const pageCount = document.countPages();
    const counter = new Int32Array(claims);
    let block = claimBlock(counter, blockPages, pageCount);
    while (block) {
      const pages: PageText[] = [];
      for (let number = block.from; number <= block.to; number++) {
        pages.push(readPage(document, number) ?? { number, failed: true });
      }
      reply({ id, pageCount, pages });
      block = claimBlock(counter, blockPages, pageCount);
    }
    // One thread is enough to read the document's information dictionary.
    reply({ id, finished: { pageCount, info: readsInfo ? documentInfo(document) : null } });
  } finally {
    document.destroy();
  }
}

function render({ id, render: { bytes, page } }: RenderRequest) {
  const document = openPdf(mupdf, new Uint8Array(bytes), Number.POSITIVE_INFINITY);
  try {
    const image = renderPage(mupdf, document, page);
    parentPort?.postMessage({ id, rendered: image } satisfies PoolReply, [image.pixels.buffer as ArrayBuffer]);
  } finally {
    document.destroy();
  }
}

// Reading a PDF is background work: requests come first when the cores are busy.
yieldToServingThread();

parentPort?.on('message', (request: PoolRequest) => {
  const reply = (message: PoolReply) => parentPort?.postMessage(message);
  try {
    if ('render' in request) render(request);
    else read(request, reply);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    reply({ id: request.id, error: { name: failure.name, message: failure.message } });
  }
});
