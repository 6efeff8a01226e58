import type { Paper, Source } from '@quire/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { FoldedText } from '../../components/text/FoldedText';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatAuthors, paperFacts } from './paper-labels';
import { RatingBadges } from './RatingBadges';

/** Abstracts longer than this start folded to a few lines, with a button to unfold them. */
const ABSTRACT_FOLD_CHARS = 280;

type Props = {
  paper: Paper;
  selected: boolean;
  onSelect: (id: string) => void;
  /** Resolves false when the server could not change the bookmark. */
  onBookmark: (paper: Paper) => Promise<boolean>;
  onAdd: (paper: Paper) => Promise<Source>;
};

/**
 * One paper: title (to its DOI when known), authors, year and venue, the three ratings, citations, the
 * open-access marker with its PDF, the abstract folded to a few lines; a box to select it for export, and
 * 'add to my sources' and the bookmark as buttons.
 */
export function PaperCard({ paper, selected, onSelect, onBookmark, onAdd }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const facts = paperFacts(paper);

  return (
    <li className="paper-card" data-testid="paper-card" data-paper-id={paper.id}>
      <article aria-labelledby={`${id}-title`}>
        <div className="paper-card__head">
          <input
            type="checkbox"
            className="paper-card__select"
            checked={selected}
            onChange={() => onSelect(paper.id)}
            aria-label={t('findSources.card.select', { title: paper.title })}
            data-testid="paper-select"
          />
          <h3 id={`${id}-title`} className="paper-card__title">
            {paper.doi ? (
              <a href={`https://doi.org/${paper.doi}`} target="_blank" rel="noopener noreferrer">
                {paper.title}
              </a>
            ) : (
              paper.title
            )}
          </h3>
        </div>
        <p className="paper-card__authors" data-testid="paper-authors">
          {formatAuthors(t, paper.authors)}
        </p>
        <p className="paper-card__facts muted" data-testid="paper-facts">
          {[
            ...facts,
            paper.citation_count === null ? null : t('findSources.card.citations', { count: paper.citation_count }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <RatingBadges paper={paper} />
        {paper.open_access && (
          <p className="paper-card__access" data-testid="paper-open-access">
            <span className="badge paper-card__oa">{t('findSources.card.openAccess')}</span>
            {paper.pdf_url && (
              <>
                {' '}
                <a
                  href={paper.pdf_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('findSources.card.pdfLabel', { title: paper.title })}
                  data-testid="paper-pdf"
                >
                  {t('findSources.card.pdf')}
                </a>
              </>
            )}
          </p>
        )}
        {paper.abstract?.trim() && <Abstract text={paper.abstract.trim()} />}
        <PaperActions paper={paper} onBookmark={onBookmark} onAdd={onAdd} />
      </article>
    </li>
  );
}

type Adding = { state: 'idle' | 'adding' | 'added' } | { state: 'failed'; message: string };

/** Adding the paper to the user's sources and bookmarking it, each with what became of it. */
function PaperActions({ paper, onBookmark, onAdd }: Pick<Props, 'paper' | 'onBookmark' | 'onAdd'>) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [adding, setAdding] = useState<Adding>({ state: 'idle' });
  const [bookmarking, setBookmarking] = useState(false);
  const [bookmarkFailed, setBookmarkFailed] = useState(false);

  async function add() {
    setAdding({ state: 'adding' });
    try {
      await onAdd(paper);
      setAdding({ state: 'added' });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Adding a paper to the sources failed', error);
      setAdding({ state: 'failed', message: error instanceof ApiError ? error.message : t('errors:generic_error') });
    }
  }

  async function bookmark() {
    setBookmarking(true);
    setBookmarkFailed(false);
    const done = await onBookmark(paper);
    setBookmarking(false);
    setBookmarkFailed(!done);
  }

  return (
    <>
      <div className="paper-card__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => void add()}
          disabled={adding.state === 'adding' || adding.state === 'added'}
          aria-label={t('findSources.card.addLabel', { title: paper.title })}
          data-testid="paper-add"
        >
          {adding.state === 'adding' ? t('findSources.card.adding') : t('findSources.card.add')}
        </button>
        <button
          type="button"
          className={`button button--small button--secondary bookmark-toggle${paper.bookmarked ? ' bookmark-toggle--on' : ''}`}
          onClick={() => void bookmark()}
          disabled={bookmarking}
          aria-pressed={paper.bookmarked}
          aria-label={t('findSources.card.bookmarkLabel', { title: paper.title })}
          data-testid="paper-bookmark"
        >
          <span aria-hidden="true">{paper.bookmarked ? '\u2605' : '\u2606'}</span> {t('findSources.card.bookmark')}
        </button>
        <p className="paper-card__status" role="status" data-testid="paper-status">
          {adding.state === 'added' && (
            <>
              {t('findSources.card.added')} <Link to={to('sources')}>{t('findSources.card.openLibrary')}</Link>
            </>
          )}
        </p>
      </div>
      {adding.state === 'failed' && (
        <p className="field__error paper-card__error" role="alert" data-testid="paper-add-error">
          {adding.message}
        </p>
      )}
      {bookmarkFailed && (
        <p className="field__error paper-card__error" role="alert" data-testid="paper-bookmark-error">
          {t('findSources.card.bookmarkFailed')}
        </p>
      )}
    </>
  );
}

function Abstract({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="paper-card__abstract-box">
      <FoldedText
        text={text}
        foldChars={ABSTRACT_FOLD_CHARS}
        block="paper-card"
        testId="paper-abstract"
        labels={{ more: t('findSources.card.abstractMore'), less: t('findSources.card.abstractLess') }}
      />
    </div>
  );
}
