import type { DetectorResult } from '@quire/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { LIMIT_ERROR_CODES } from '../../lib/limit-errors';
import { useSession } from '../auth';
import { DetectorExplanation } from './DetectorExplanation';
import { DetectorForm, type DetectorValues } from './DetectorForm';
import { DetectorResultView } from './DetectorResultView';
import { analyseText } from './detector.api';
import './detector-styles';

type Analysis =
  | { status: 'idle' }
  | { status: 'analysing' }
  | { status: 'failed'; message: string; textError: string | null }
  | { status: 'done'; text: string; result: DetectorResult };

/**
 * The AI detector (`/feature/ai-detector`): a pasted text is scored sentence by sentence for how machine-written it
 * reads, with an overall score, the signals behind it and, always beside the result, what such scores can and
 * cannot show. Visitors are asked to sign in first.
 */
export function AiDetector() {
  const { t } = useTranslation();
  const to = useLocalePath();
  if (useSession()) return <DetectorTool />;
  return (
    <p className="notice" data-testid="detector-sign-in">
      {t('detector.signIn.text')} <Link to={to('login')}>{t('detector.signIn.link')}</Link>
    </p>
  );
}

function DetectorTool() {
  const { t } = useTranslation();
  const [values, setValues] = useState<DetectorValues>({ text: '', language: 'auto' });
  const [analysis, setAnalysis] = useState<Analysis>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const [limit, setLimit] = useState<{ code: string; message: string } | null>(null);
  // Leaving the page stops an analysis still under way.
  useEffect(() => () => controller.current?.abort(), []);

  async function submit() {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const text = values.text;
    setAnalysis({ status: 'analysing' });
    try {
      const result = await analyseText(
        { text, ...(values.language === 'auto' ? {} : { language: values.language }) },
        { signal: current.signal },
      );
      if (!current.signal.aborted) setAnalysis({ status: 'done', text, result });
    } catch (error) {
      if (current.signal.aborted) return;
      setAnalysis({ status: 'failed', ...failure(error, t('errors:generic_error')) });
      // A plan without this tool, or no words left: the dialog leads to the plans (spec §2).
      if (error instanceof ApiError && LIMIT_ERROR_CODES.includes(error.code)) setLimit(error);
    }
  }

  return (
    <section className="detector" data-testid="detector">
      <div className="detector__input">
        <p className="muted">{t('detector.intro')}</p>
        <DetectorForm
          values={values}
          onChange={setValues}
          onSubmit={() => void submit()}
          analysing={analysis.status === 'analysing'}
          textError={analysis.status === 'failed' ? analysis.textError : null}
        />
      </div>
      <div className="detector__output" aria-live="polite">
        {analysis.status === 'idle' && (
          <p className="detector__empty muted" data-testid="detector-empty">
            {t('detector.result.empty')}
          </p>
        )}
        {analysis.status === 'analysing' && (
          <p className="muted" role="status" data-testid="detector-analysing">
            <span className="spinner" aria-hidden="true" />
            {t('detector.form.analysing')}
          </p>
        )}
        {analysis.status === 'failed' && (
          <div className="notice notice--error" role="alert" data-testid="detector-error">
            <p>{analysis.message}</p>
            <p>{t('detector.result.tryAgain')}</p>
          </div>
        )}
        {analysis.status === 'done' && <DetectorResultView text={analysis.text} result={analysis.result} />}
        <DetectorExplanation />
      </div>
      {limit && <LimitDialog code={limit.code} message={limit.message} onClose={() => setLimit(null)} />}
    </section>
  );
}

/** A failed analysis in the user's language: the server's message, and what it said about the text if anything. */
function failure(error: unknown, fallback: string): { message: string; textError: string | null } {
  if (!(error instanceof ApiError)) {
    console.error('The AI detector failed', error);
    return { message: fallback, textError: null };
  }
  const field = error.fields.find((candidate) => /(^|\.)text$/.test(candidate.path));
  return { message: error.message, textError: field?.message ?? null };
}
