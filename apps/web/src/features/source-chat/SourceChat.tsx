import type { ChatMessage, Citation, Source } from '@quire/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { translate } from '../../i18n/i18n';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { LIMIT_ERROR_CODES } from '../../lib/limit-errors';
import { PaperOutline } from '../paper-outline';
import { newestFirst, sourceStateText, useSources } from '../sources';
import { AnswerContent } from './AnswerContent';
import { CitationPanel } from './CitationPanel';
import { askQuestion, fetchMessages } from './chat.api';
import './source-chat-styles';

/** Spec §7 / ChatMessageRequest: a question is 1–2000 characters. */
export const QUESTION_MAX_LENGTH = 2000;

type Failure = { message: string; notReady: boolean };

type Conversation =
  | { status: 'loading' }
  | { status: 'error'; failure: Failure }
  | { status: 'ready'; messages: ChatMessage[] };

type Pending = { question: ChatMessage; text: string };

type OpenCitation = { number: number; citation: Citation };

/**
 * Source Q&A (spec §1, tool `source-qa`): pick one of the user's usable documents or articles, see a document's
 * outline, read the conversation with it, ask questions. Answers stream in over Server-Sent Events and cite
 * passages as `[n]`, each opening the passage and its page.
 */
export function SourceChat() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const selectId = useId();
  const library = useSources();
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const sources = useMemo(() => newestFirst(library.sources), [library.sources]);
  const source = sources.find((candidate) => candidate.id === sourceId) ?? null;
  const documents = sources.filter((candidate) => candidate.type === 'document');
  const articles = sources.filter((candidate) => candidate.type === 'website');

  // A source deleted elsewhere is no longer chosen.
  useEffect(() => {
    if (sourceId && library.status === 'ready' && !source) setSourceId(null);
  }, [sourceId, source, library.status]);

  return (
    <section className="source-chat" data-testid="source-chat" aria-label={t('tools.source-qa.title')}>
      <div className="source-chat__side">
        <label htmlFor={selectId} className="source-chat__label">
          {t('sourceChat.source.label')}
        </label>
        {library.status === 'error' ? (
          <p className="field__error" role="alert">
            {library.error}
          </p>
        ) : library.status !== 'ready' ? (
          <p className="source-chat__status" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('sources.library.loading')}
          </p>
        ) : sources.length === 0 ? (
          <div className="source-chat__empty" data-testid="source-chat-empty">
            <p>{t('sourceChat.source.empty')}</p>
            <Link className="button button--secondary" to={to('sources')}>
              {t('sourceChat.source.addSources')}
            </Link>
          </div>
        ) : (
          <>
            <select
              id={selectId}
              className="source-chat__select"
              value={source?.id ?? ''}
              disabled={sending}
              onChange={(event) => setSourceId(event.target.value || null)}
              data-testid="source-chat-source"
            >
              <option value="">{t('sourceChat.source.choose')}</option>
              {[
                ['documents', documents],
                ['articles', articles],
              ].map(([group, list]) =>
                (list as Source[]).length === 0 ? null : (
                  <optgroup key={group as string} label={t(`sourceChat.source.groups.${group}`)}>
                    {(list as Source[]).map((item) => (
                      <option key={item.id} value={item.id} disabled={item.state !== 'usable'}>
                        {item.state === 'usable'
                          ? item.name
                          : t('sourceChat.source.withState', { name: item.name, state: sourceStateText(t, item) })}
                      </option>
                    ))}
                  </optgroup>
                ),
              )}
            </select>
            <p className="source-chat__hint muted">
              {t('sourceChat.source.hint')} <Link to={to('sources')}>{t('sourceChat.source.manage')}</Link>
            </p>
            {/* Only documents are read as papers; a web article has no structure. */}
            {source?.type === 'document' && source.state === 'usable' && (
              <PaperOutline key={source.id} documentId={source.id} />
            )}
          </>
        )}
      </div>
      <div className="source-chat__main">
        {source ? (
          <ChatPanel key={source.id} source={source} library={sources} onSending={setSending} />
        ) : (
          <p className="source-chat__placeholder muted" data-testid="source-chat-placeholder">
            {t('sourceChat.pick')}
          </p>
        )}
      </div>
    </section>
  );
}

/** The chat's state: the conversation as loaded, the question being written and sent, the open citation. */
function useChatPanel({
  source,
  library,
  onSending,
}: {
  source: Source;
  library: readonly Source[];
  onSending: (sending: boolean) => void;
}) {
  const { t } = useTranslation();
  const questionId = useId();
  const [conversation, setConversation] = useState<Conversation>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [sendFailure, setSendFailure] = useState<Failure | null>(null);
  const [openCitation, setOpenCitation] = useState<OpenCitation | null>(null);
  const citationTrigger = useRef<HTMLButtonElement | null>(null);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const sendController = useRef<AbortController | null>(null);
  const [limit, setLimit] = useState<{ code: string; message: string } | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const { id, type } = source;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the conversation again.
  useEffect(() => {
    const controller = new AbortController();
    setConversation({ status: 'loading' });
    fetchMessages({ id, type }, { signal: controller.signal }).then(
      (messages) => setConversation({ status: 'ready', messages }),
      (error: unknown) => {
        if (!controller.signal.aborted) setConversation({ status: 'error', failure: toFailure(error) });
      },
    );
    return () => controller.abort();
  }, [id, type, attempt]);

  // Leaving the page (or the source) stops an answer still streaming in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the panel goes.
  useEffect(
    () => () => {
      sendController.current?.abort();
      onSending(false);
    },
    [],
  );

  const messageCount = conversation.status === 'ready' ? conversation.messages.length : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message arrives or the answer grows.
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messageCount, pending?.text]);

  const sending = pending !== null;
  const question = draft.trim();
  const canSend = conversation.status === 'ready' && !sending && question.length > 0;

  async function send() {
    if (!canSend) return;
    const asked: ChatMessage = {
      id: `pending-${Date.now()}`,
      role: 'user',
      content: question,
      citations: [],
      engine: null,
      created_at: new Date().toISOString(),
    };
    const controller = new AbortController();
    sendController.current = controller;
    setPending({ question: asked, text: '' });
    setSendFailure(null);
    setDraft('');
    onSending(true);
    try {
      const answer = await askQuestion({ id, type }, question, {
        signal: controller.signal,
        onDelta: (text) => setPending((current) => current && { ...current, text: current.text + text }),
      });
      setConversation((current) =>
        current.status === 'ready' ? { status: 'ready', messages: [...current.messages, asked, answer] } : current,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      setSendFailure(toFailure(error));
      setDraft((current) => current || question);
      // A plan without this tool: the dialog leads to the plans (spec §2).
      if (error instanceof ApiError && LIMIT_ERROR_CODES.includes(error.code)) setLimit(error);
    } finally {
      if (!controller.signal.aborted) {
        setPending(null);
        onSending(false);
        sendController.current = null;
        // The box was disabled while sending, which took the focus away.
        requestAnimationFrame(() => questionRef.current?.focus());
      }
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  function cite(number: number, citation: Citation, trigger: HTMLButtonElement) {
    citationTrigger.current = trigger;
    setOpenCitation({ number, citation });
  }

  const citedSource = openCitation
    ? (library.find((candidate) => candidate.id === openCitation.citation.sourceId) ?? source)
    : null;

  return {
    t,
    questionId,
    conversation,
    setAttempt,
    draft,
    setDraft,
    pending,
    sendFailure,
    openCitation,
    setOpenCitation,
    citationTrigger,
    questionRef,
    limit,
    setLimit,
    endRef,
    sending,
    canSend,
    onSubmit,
    onKeyDown,
    cite,
    citedSource,
  };
}

function ChatPanel({
  source,
  library,
  onSending,
}: {
  source: Source;
  library: readonly Source[];
  onSending: (sending: boolean) => void;
}) {
  const {
    t,
    questionId,
    conversation,
    setAttempt,
    draft,
    setDraft,
    pending,
    sendFailure,
    openCitation,
    setOpenCitation,
    citationTrigger,
    questionRef,
    limit,
    setLimit,
    endRef,
    sending,
    canSend,
    onSubmit,
    onKeyDown,
    cite,
    citedSource,
  } = useChatPanel({ source, library, onSending });
  return (
    <div className="chat-panel" data-source-id={source.id}>
      <h2 className="chat-panel__title">{t('sourceChat.conversation', { name: source.name })}</h2>
      {conversation.status === 'loading' ? (
        <p className="source-chat__status" role="status" data-testid="chat-loading">
          <span className="spinner" aria-hidden="true" />
          {t('sourceChat.loading')}
        </p>
      ) : conversation.status === 'error' ? (
        <FailureNotice failure={conversation.failure} onRetry={() => setAttempt((count) => count + 1)} />
      ) : (
        <ol className="chat-log" role="log" aria-label={t('sourceChat.logLabel')} aria-busy={sending}>
          {conversation.messages.length === 0 && !pending && (
            <li className="chat-log__empty muted" data-testid="chat-empty">
              {t('sourceChat.empty')}
            </li>
          )}
          {conversation.messages.map((message) => (
            <MessageItem key={message.id} message={message} onCite={cite} />
          ))}
          {pending && (
            <>
              <MessageItem message={pending.question} />
              <PendingAnswer text={pending.text} />
            </>
          )}
        </ol>
      )}
      <div ref={endRef} />
      {sendFailure && <FailureNotice failure={sendFailure} />}
      <form className="chat-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={questionId} className="source-chat__label">
          {t('sourceChat.question.label')}
        </label>
        <textarea
          ref={questionRef}
          id={questionId}
          className="chat-form__question"
          rows={3}
          value={draft}
          maxLength={QUESTION_MAX_LENGTH}
          placeholder={t('sourceChat.question.placeholder')}
          disabled={sending || conversation.status !== 'ready'}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${questionId}-hint ${questionId}-count`}
          data-testid="source-chat-question"
        />
        <div className="chat-form__footer">
          <span id={`${questionId}-hint`} className="muted chat-form__hint">
            {t('sourceChat.question.hint')}
          </span>
          <span
            id={`${questionId}-count`}
            className={`chat-form__count muted${draft.length >= QUESTION_MAX_LENGTH ? ' chat-form__count--full' : ''}`}
            data-testid="source-chat-count"
          >
            {t('sourceChat.question.count', { count: draft.length, max: QUESTION_MAX_LENGTH })}
          </span>
          <button type="submit" className="button" disabled={!canSend} data-testid="source-chat-send">
            {sending ? t('sourceChat.question.sending') : t('sourceChat.question.send')}
          </button>
        </div>
      </form>
      {openCitation && (
        <CitationPanel
          number={openCitation.number}
          citation={openCitation.citation}
          pdfUrl={citedSource?.pdf_url ?? null}
          onClose={() => setOpenCitation(null)}
          returnFocus={citationTrigger}
        />
      )}
      {limit && <LimitDialog code={limit.code} message={limit.message} onClose={() => setLimit(null)} />}
    </div>
  );
}

function MessageItem({
  message,
  onCite,
}: {
  message: ChatMessage;
  onCite?: (number: number, citation: Citation, trigger: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(message.content);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied('idle'), 2_000);
  }

  const assistant = message.role === 'assistant';
  return (
    <li
      className={`chat-message chat-message--${message.role}`}
      data-testid="chat-message"
      data-role={message.role}
      data-message-id={message.id}
    >
      <span className="chat-message__author">{t(`sourceChat.roles.${message.role}`)}</span>
      {assistant ? (
        <>
          <AnswerContent content={message.content} citations={message.citations} onCite={onCite} />
          <div className="chat-message__actions">
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => void copy()}
              data-testid="chat-copy"
            >
              {t('sourceChat.copy.label')}
            </button>
            <span className="muted" role="status">
              {copied === 'idle' ? '' : t(`sourceChat.copy.${copied}`)}
            </span>
          </div>
        </>
      ) : (
        <p className="chat-message__question">{message.content}</p>
      )}
    </li>
  );
}

function FailureNotice({ failure, onRetry }: { failure: Failure; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className={`notice ${failure.notReady ? 'notice--warning' : 'notice--error'}`}
      role="alert"
      data-testid={failure.notReady ? 'chat-not-ready' : 'chat-error'}
    >
      <p>{failure.message}</p>
      {failure.notReady && <p className="muted">{t('sourceChat.notReady')}</p>}
      {onRetry && (
        <button type="button" className="button button--small button--secondary" onClick={onRetry}>
          {t('sourceChat.retry')}
        </button>
      )}
    </div>
  );
}

function toFailure(error: unknown): Failure {
  if (error instanceof ApiError) return { message: error.message, notReady: error.code === 'source_not_ready' };
  console.error('Source chat failed', error);
  return { message: translate('errors:generic_error'), notReady: false };
}

/** The answer while it streams in; before its first words, that it is being written. */
function PendingAnswer({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <li
      className="chat-message chat-message--assistant"
      data-testid="chat-message"
      data-role="assistant"
      data-pending="true"
    >
      <span className="chat-message__author">{t('sourceChat.roles.assistant')}</span>
      {text ? (
        <AnswerContent content={text} citations={[]} />
      ) : (
        <p className="source-chat__status" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('sourceChat.answering')}
        </p>
      )}
    </li>
  );
}
