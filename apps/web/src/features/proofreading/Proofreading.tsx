import type { ProofreadingResult } from '@quire/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { LIMIT_ERROR_CODES } from '../../lib/limit-errors';
import { useSession } from '../auth';
import { CheckedText } from './CheckedText';
import { type FormValues, ProofreadForm } from './ProofreadForm';
import { checkText, fetchModelConnected } from './proofreading.api';
import './proofreading-styles';

type Check =
  | { status: 'editing' }
  | { status: 'checking' }
  | { status: 'failed'; message: string; textError: string | null }
  | { status: 'checked'; result: ProofreadingResult; rewritesAsked: boolean };

const EMPTY: FormValues = { text: '', language: 'auto', variant: 'auto', rewrites: false };

/**
 * Proofreading (spec §1, tool `proofreading`): a text is checked for spelling, grammar and style in its language
 * (detected unless chosen); the issues are underlined in place and corrected one by one or all of a kind, and
 * the corrected text copied, downloaded or edited further. Rewrites from a language model, when one is connected
 * and they are asked for, are listed apart and used only on request. Visitors are asked to sign in first.
 */
export function Proofreading() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const signedIn = Boolean(useSession());
  if (signedIn) return <ProofreadingTool />;
  return (
    <p className="notice" data-testid="proofreading-sign-in">
      {t('proofreading.signIn.text')} <Link to={to('login')}>{t('proofreading.signIn.link')}</Link>
    </p>
  );
}

function ProofreadingTool() {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [check, setCheck] = useState<Check>({ status: 'editing' });
  const [modelConnected, setModelConnected] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const [limit, setLimit] = useState<{ code: string; message: string } | null>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  // Back from the result with "Edit again", the text takes the focus that the gone button had.
  const [returned, setReturned] = useState(false);

  useEffect(() => {
    let current = true;
    void fetchModelConnected().then((connected) => {
      if (current) setModelConnected(connected);
    });
    return () => {
      current = false;
    };
  }, []);
  // Leaving the page stops a check still under way.
  useEffect(() => () => controller.current?.abort(), []);

  async function submit() {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const rewritesAsked = modelConnected && values.rewrites;
    setCheck({ status: 'checking' });
    setReturned(false);
    try {
      const checked = await checkText(
        {
          text: values.text,
          ...(values.language === 'auto' ? {} : { language: values.language }),
          ...(values.variant === 'auto' ? {} : { variant: values.variant }),
          rewrites: rewritesAsked,
        },
        { signal: current.signal },
      );
      if (current.signal.aborted) return;
      setCheck({ status: 'checked', result: checked, rewritesAsked });
    } catch (error) {
      if (current.signal.aborted) return;
      setCheck({ status: 'failed', ...failure(error, t('errors:generic_error')) });
      // A plan without this tool, or no words left: the dialog leads to the plans (spec §2).
      if (error instanceof ApiError && LIMIT_ERROR_CODES.includes(error.code)) setLimit(error);
    }
  }

  useEffect(() => {
    if (returned) textArea.current?.focus();
  }, [returned]);

  if (check.status === 'checked') {
    return (
      <section className="proofreading" data-testid="proofreading">
        <CheckedText
          result={check.result}
          rewritesAsked={check.rewritesAsked}
          onEdit={(text) => {
            setValues((current) => ({ ...current, text }));
            setCheck({ status: 'editing' });
            setReturned(true);
          }}
        />
      </section>
    );
  }

  return (
    <section className="proofreading" data-testid="proofreading">
      <p className="muted proofreading__hint">{t('proofreading.intro')}</p>
      <ProofreadForm
        values={values}
        onChange={setValues}
        onSubmit={() => void submit()}
        checking={check.status === 'checking'}
        modelConnected={modelConnected}
        textRef={textArea}
        textError={check.status === 'failed' ? check.textError : null}
      />
      {check.status === 'checking' && (
        <p className="muted" role="status" data-testid="proofreading-checking">
          <span className="spinner" aria-hidden="true" />
          {t('proofreading.form.checking')}
        </p>
      )}
      {check.status === 'failed' && (
        <div className="notice notice--error" role="alert" data-testid="proofreading-error">
          <p>{check.message}</p>
        </div>
      )}
      {limit && <LimitDialog code={limit.code} message={limit.message} onClose={() => setLimit(null)} />}
    </section>
  );
}

/** A failed check in the user's language: the server's message, and what it said about the text if anything. */
function failure(error: unknown, fallback: string): { message: string; textError: string | null } {
  if (!(error instanceof ApiError)) {
    console.error('Proofreading failed', error);
    return { message: fallback, textError: null };
  }
  const field = error.fields.find((candidate) => /(^|\.)text$/.test(candidate.path));
  return { message: error.message, textError: field?.message ?? null };
}
