// Types of patch-pdfjs.mjs, a plain script so the install can run it without TypeScript.
export type PatchState = 'patched' | 'already' | 'unknown';
export function patchPdfjs(source: string): { source: string; state: PatchState };
export function unpatchPdfjs(source: string): string;
export function pdfjsFile(): string;
