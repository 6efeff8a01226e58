import { DECK_LIMITS, type Deck } from '@quire/contracts';
import { useId } from 'react';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { TextLanguageSelect } from '../../components/language/TextLanguageSelect';
import { useTranslation } from '../../i18n/use-translation';
import { SourceField } from './SourceField';
import { type DeckOrigin, type Field, useCreateDeck } from './use-create-deck';

type Props = {
  from: DeckOrigin;
  onCreated: (deck: Deck) => void;
};

/**
 * Cards made from one of the user's usable sources or from a pasted text: an optional name, the language
 * (detected unless chosen) and how many cards. The server answers when the deck is made, which takes a while
 * with a language model; meanwhile the form is locked and says so. A plan without the tool opens the limit dialog.
 */
export function CreateDeckForm({ from, onCreated }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { values, set, making, failure, limit, closeLimit, words, problems, submit, min, max } = useCreateDeck(
    from,
    onCreated,
  );

  const describedBy = (field: Field, ...others: string[]) =>
    [...others, problems[field] ? `${id}-${field}-problem` : ''].filter(Boolean).join(' ') || undefined;
  const problemText = (field: Field) =>
    problems[field] ? (
      <p id={`${id}-${field}-problem`} className="field__error" data-testid={`create-${field}-problem`}>
        {problems[field]}
      </p>
    ) : null;

  return (
    <form className="create-deck" onSubmit={submit} noValidate aria-busy={making} data-testid="create-deck-form">
      <fieldset className="create-deck__fields" disabled={making}>
        {from === 'source' ? (
          <SourceField
            id={`${id}-source`}
            value={values.sourceId}
            onChange={(sourceId) => set('sourceId', sourceId)}
            invalid={Boolean(problems.source)}
            describedBy={describedBy('source')}
            problem={problemText('source')}
          />
        ) : (
          <div className="field">
            <label htmlFor={`${id}-text`}>{t('cards.create.text')}</label>
            <textarea
              id={`${id}-text`}
              value={values.text}
              placeholder={t('cards.create.textPlaceholder')}
              maxLength={DECK_LIMITS.text}
              aria-invalid={problems.text ? true : undefined}
              aria-describedby={describedBy('text', `${id}-words`)}
              onChange={(event) => set('text', event.target.value)}
              data-testid="create-text"
            />
            <span id={`${id}-words`} className="muted create-deck__meta">
              {t('cards.create.words', { count: words, minimum: DECK_LIMITS.minWords })}
            </span>
            {problemText('text')}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('cards.create.name')}</label>
          <input
            id={`${id}-name`}
            value={values.name}
            maxLength={DECK_LIMITS.name}
            placeholder={t('cards.create.namePlaceholder')}
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(event) => set('name', event.target.value)}
            data-testid="create-name"
          />
          {problemText('name')}
        </div>
        <div className="create-deck__row">
          <TextLanguageSelect
            id={`${id}-language`}
            label={t('cards.create.language')}
            autoLabel={t('cards.create.languageAuto')}
            value={values.language}
            onChange={(language) => set('language', language)}
            testId="create-language"
          />
          <div className="field">
            <label htmlFor={`${id}-count`}>{t('cards.create.count')}</label>
            <input
              id={`${id}-count`}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              value={values.count}
              aria-invalid={problems.count ? true : undefined}
              aria-describedby={describedBy('count', `${id}-count-hint`)}
              onChange={(event) => set('count', event.target.value)}
              data-testid="create-count"
            />
            <span id={`${id}-count-hint`} className="muted create-deck__meta">
              {t('cards.create.countHint', { min, max })}
            </span>
            {problemText('count')}
          </div>
        </div>
      </fieldset>
      <button type="submit" className="button" disabled={making} data-testid="create-submit">
        {making && <span className="spinner" aria-hidden="true" />}
        {making ? t('cards.create.making') : t('cards.create.submit')}
      </button>
      {making && (
        <div className="create-deck__progress" role="status" data-testid="create-progress">
          <div className="create-deck__progress-bar" aria-hidden="true" />
          <p>{t('cards.create.progress', { count: Number(values.count) })}</p>
        </div>
      )}
      {failure && (
        <p className="notice notice--error" role="alert" data-testid="create-error">
          {failure.message}
        </p>
      )}
      {limit && <LimitDialog code={limit.code} message={limit.message} onClose={closeLimit} />}
    </form>
  );
}
