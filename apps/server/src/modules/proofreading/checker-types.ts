import type { LocaleCode, ProofreadingKind, ProofreadingOrigin } from '@quire/contracts';

/**
 * What every checker (Hunspell, our rules, harper.js, LanguageTool) hands the proofreading service. Messages
 * are catalogue keys under `proofreading:` with parameters, translated into the UI locale at the edge; a
 * checker whose messages come ready-made in one language (harper.js, LanguageTool) gives them as text.
 */
export type CheckerMessage = { key: string; params?: Record<string, string | number> } | { text: string };

export type CheckerIssue = {
  /** UTF-16 offset into the checked text. */
  offset: number;
  length: number;
  kind: ProofreadingKind;
  message: CheckerMessage;
  suggestions: string[];
  rule: string;
  origin: ProofreadingOrigin;
};

/** A checker for one language beside Hunspell and the rules, e.g. harper.js for English. */
export type GrammarChecker = { check: (text: string) => Promise<CheckerIssue[]> };

/** What the rules need to know about words: Hunspell's judgement, exactly as written (case matters). */
export type Lexicon = { isWord: (word: string) => boolean };

export type CheckRequest = { text: string; language: LocaleCode };
