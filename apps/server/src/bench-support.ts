/** What the benchmarks in bench/ measure: the real pipeline pieces, exported once for them. */

export { loadConfig } from './config';
export { openDatabase } from './db/client';
export { sourceChunks, sources, users } from './db/schema';
export { limitHeapGrowth } from './lifecycle/heap-growth';
export { findUserById } from './modules/accounts/accounts.store';
export { planAfterRollOver } from './modules/billing/words.store';
export { answeringPassages } from './modules/chat/builtin-answer';
export { answerLibraryQuestion } from './modules/chat/library-answer';
export { scoreWithStatistics } from './modules/detector/builtin-engine';
export { CALIBRATION_TEXTS } from './modules/detector/calibration-texts';
export { sentenceSpans } from './modules/detector/detector-text';
export { TOOL_ENGINES } from './modules/generation/engines';
export { GENERATION_LIMITS, reserveWithinLimits } from './modules/generation/generation.limits';
export { refundWords } from './modules/generation/generation.quota';
export {
  heldOutCleanProse,
  heldOutSentences,
  tuningSentences,
} from './modules/proofreading/evaluation/held-out';
export { createProofreaderPool } from './modules/proofreading/proofreader-pool';
export { measureAccuracy } from './modules/proofreading/proofreading.accuracy';
export { builtinProofreader } from './modules/proofreading/proofreading.service';
export { cataloguesFor } from './modules/search/catalogues/catalogues';
export { searchPapers } from './modules/search/search.service';
export { readAndIndexPdf } from './modules/sources/document-structure';
export { createPassageIndexer } from './modules/sources/passage-indexer';
export { extractPdf } from './modules/sources/pdf-extract';
export {
  evaluateHeaders,
  formatHeaderAccuracy,
  loadHeaderTruth,
} from './modules/sources/pdf-structure/header-accuracy';
export { readStructure } from './modules/sources/pdf-structure/structure';
export { createPdfTextPool } from './modules/sources/pdf-text-pool';
export { measureRetrievalQuality } from './modules/sources/retrieval-evaluation';
export { retrievePassages } from './modules/sources/sources.retrieval';
export { storePassages } from './modules/sources/sources.store';
export { corpusMissing, corpusPdf, corpusPdfNames, FIXTURES_DIR, proofreadingFixtures } from './test/corpus';
export { startFakeAcademicApis } from './test/fake-academic-apis';
export { startFakeLanguageTool } from './test/fake-languagetool';
export { startFakeOpenAi } from './test/fake-openai';
export { paperPdf } from './test/generated-pdf';
export { makePdf } from './test/make-pdf';
export { OidcBrowser } from './test/oidc-browser';
export { jsonRequest, startTestApp } from './test/test-app';
export { MAP_REDUCE_PAPER, mapReducePaperPdf, SPANISH_PAPER } from './test/test-papers';
export { chunkPages } from './text/chunking';
export { detectLanguage, searchConfigFor } from './text/language';
