// Reads every text item of the given PDFs with the pdf.js module at `workerData.pdfjs`, in a thread of its own:
// a pdf.js bundle registers its worker code on globalThis, so two builds in one thread would share one.
// Used by pdf-text-patch.test.ts to compare pdf.js with and without the change patch-pdfjs.mjs makes.
import { parentPort, workerData } from 'node:worker_threads';
import { definePDFJSModule, getDocumentProxy } from 'unpdf';

await definePDFJSModule(() => import(workerData.pdfjs));
const documents = [];
for (const bytes of workerData.files) {
  const pdf = await getDocumentProxy(bytes);
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    pages.push((await page.getTextContent()).items);
  }
  await pdf.destroy();
  documents.push(pages);
}
parentPort.postMessage(documents);
