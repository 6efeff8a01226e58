import { constants, setPriority } from 'node:os';

/**
 * Lowers the calling thread to nice 10, for threads that do background work (reading PDFs, recognising scans):
 * when the cores are busy, the thread that serves requests should run first. On Linux a priority belongs to a
 * thread, and `setPriority` without a pid sets the calling one's, so only this thread yields. Where the system
 * refuses, the thread works at the usual priority.
 */
export function yieldToServingThread(): void {
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not permitted here (some sandboxes): nothing else depends on it.
  }
}
