import {
  countProofreadingWords,
  isLocale,
  type LocaleCode,
  type ProofreadingInputs,
  type ProofreadingIssue,
  type ProofreadingResult,
  type ProofreadingRewrite,
} from '@quire/contracts';
import type { Logger } from 'pino';
import type { AiGateway } from '../../ai/gateway';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type Translate, translator } from '../../http/i18n';
import { detectLanguage } from '../../text/language';
import type { CheckerIssue } from './checker-types';
import { personalWordSet } from './dictionary.store';
import { createLanguageToolChecker, type LanguageToolChecker } from './languagetool/languagetool-client';
import { dedupeIssues, mergeIssues } from './merge-issues';
import { createProofreaderPool, type ProofreaderPool } from './proofreader-pool';
import { proposeRewrites } from './rewrites/model-rewrites';

/**
 * Proofreading for a signed-in user: the built-in checkers (Hunspell, our rules, harper.js) always; LanguageTool
 * when configured, merged without duplicates; a model's rewrites when asked for and a model is connected. A
 * checker that fails or is missing is named in `notices`; the corrections of the others still come back.
 */
export type ProofreadingService = {
  proofread: (
    userId: string,
    inputs: ProofreadingInputs,
    context: { locale: LocaleCode; signal: AbortSignal },
  ) => Promise<ProofreadingResult>;
};

export type ProofreadingDependencies = {
  db: Database;
  ai: AiGateway;
  languageTool: Config['languageTool'];
  logger: Logger;
};

let builtin: ProofreaderPool | undefined;

/**
 * The built-in checkers run in worker threads, off the event loop; the threads, with Hunspell's dictionaries
 * and harper.js loaded in each, are shared by every app in the process. The first caller sets their number.
 */
export function builtinProofreader(options: { threads?: number } = {}): ProofreaderPool {
  builtin ??= createProofreaderPool({ size: options.threads });
  return builtin;
}

export function createProofreadingService(deps: ProofreadingDependencies): ProofreadingService {
  const languageTool = deps.languageTool ? createLanguageToolChecker(deps.languageTool, deps.logger) : null;
  return {
    async proofread(userId, inputs, { locale, signal }) {
      const t = translator(locale);
      const detected = inputs.language ? null : detectedLanguage(inputs.text);
      const language = inputs.language ?? detected ?? locale;
      const personalWords = await personalWordSet(deps.db, userId, language);
      const notices: ProofreadingResult['notices'] = [];
      const [{ issues: ours, variant }, theirs, rewrites] = await Promise.all([
        builtinProofreader().check({ text: inputs.text, language, personalWords, variant: inputs.variant }),
        languageToolIssues(languageTool, inputs.text, language, signal, deps.logger, notices, t),
        modelRewrites(deps.ai, inputs, language, locale, signal, deps.logger, notices, t),
      ]);
      const merged = theirs
        ? mergeIssues(dedupeIssues(ours), withoutPersonalWords(theirs, inputs.text, personalWords))
        : dedupeIssues(ours);
      const modelTookPart = inputs.rewrites && !notices.some((notice) => notice.code.startsWith('rewrites_'));
      return {
        text: inputs.text,
        language,
        language_detected: !inputs.language,
        variant,
        issues: merged.map((issue) => present(issue, t)),
        rewrites,
        engine: { languagetool: theirs !== null, model: modelTookPart ? modelName(deps.ai) : null },
        words: countProofreadingWords(inputs.text),
        notices,
      };
    },
  };
}

function detectedLanguage(text: string): LocaleCode | null {
  const language = detectLanguage(text);
  return isLocale(language) ? language : null;
}

async function languageToolIssues(
  checker: LanguageToolChecker | null,
  text: string,
  language: LocaleCode,
  signal: AbortSignal,
  logger: Logger,
  notices: ProofreadingResult['notices'],
  t: Translate,
): Promise<CheckerIssue[] | null> {
  if (!checker) return null;
  try {
    return await checker.check(text, language, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    logger.warn({ err: error }, 'LanguageTool did not answer; proofreading with the built-in checks alone');
    notices.push({ code: 'languagetool_unavailable', message: t('proofreading:notices.languagetool_unavailable') });
    return null;
  }
}

async function modelRewrites(
  ai: AiGateway,
  inputs: ProofreadingInputs,
  language: LocaleCode,
  locale: LocaleCode,
  signal: AbortSignal,
  logger: Logger,
  notices: ProofreadingResult['notices'],
  t: Translate,
): Promise<ProofreadingRewrite[]> {
  if (!inputs.rewrites) return [];
  if (ai.engine !== 'model') {
    notices.push({ code: 'rewrites_need_model', message: t('proofreading:notices.rewrites_need_model') });
    return [];
  }
  try {
    return await proposeRewrites({ ai, text: inputs.text, language, locale, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    logger.warn({ err: error }, 'the model proposed no rewrites; the corrections are returned alone');
    notices.push({ code: 'rewrites_failed', message: t('proofreading:notices.rewrites_failed') });
    return [];
  }
}

/** LanguageTool does not know the user's own words; its spelling issues for them are dropped. */
function withoutPersonalWords(
  issues: CheckerIssue[],
  text: string,
  personalWords: ReadonlySet<string>,
): CheckerIssue[] {
  if (personalWords.size === 0) return issues;
  return issues.filter(
    (issue) => issue.kind !== 'spelling' || !personalWords.has(text.slice(issue.offset, issue.offset + issue.length)),
  );
}

function present(issue: CheckerIssue, t: Translate): ProofreadingIssue {
  const message =
    'text' in issue.message ? issue.message.text : t(`proofreading:${issue.message.key}`, issue.message.params ?? {});
  return {
    offset: issue.offset,
    length: issue.length,
    kind: issue.kind,
    message,
    suggestions: issue.suggestions,
    rule: issue.rule,
    origin: issue.origin,
  };
}

function modelName(ai: AiGateway): string | null {
  return ai.engine === 'model' ? ai.model : null;
}
