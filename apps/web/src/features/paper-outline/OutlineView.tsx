import type { DocumentOutline } from '@quire/contracts';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { OutlineAbstract } from './OutlineAbstract';
import { captionCounts, type HeadingNode, nestHeadings } from './outline';

/** A structure read from a document's pages: its front matter, sections, captions and reference list. */
export function OutlineView({ structure }: { structure: DocumentOutline }) {
  const { t, language } = useTranslation();
  const id = useId();
  const { title, authors, year, keywords, references } = structure;
  const abstract = structure.abstract?.trim();
  const sections = nestHeadings(structure.headings);
  const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(authors);
  const empty =
    !title &&
    !names &&
    year === null &&
    !abstract &&
    [keywords, sections, structure.captions, references].every((list) => list.length === 0);

  return (
    <div className="paper-outline__body">
      {empty && <p className="paper-outline__note muted">{t('paperOutline.nothingFound')}</p>}
      {title && (
        <p className="paper-outline__title" data-testid="paper-outline-title">
          {title}
        </p>
      )}
      {names && (
        <p className="paper-outline__authors" data-testid="paper-outline-authors">
          {names}
        </p>
      )}
      {year !== null && (
        <p className="paper-outline__meta muted" data-testid="paper-outline-year">
          {t('paperOutline.year', { year })}
        </p>
      )}
      {abstract && <OutlineAbstract text={abstract} />}
      {keywords.length > 0 && (
        <div className="paper-outline__part">
          <h3 id={`${id}-keywords`} className="paper-outline__subheading">
            {t('paperOutline.keywords')}
          </h3>
          <ul className="paper-outline__keywords" aria-labelledby={`${id}-keywords`}>
            {keywords.map((keyword, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a keyword printed twice is still two entries.
              <li key={index}>{keyword}</li>
            ))}
          </ul>
        </div>
      )}
      {sections.length > 0 && (
        <div className="paper-outline__part">
          <h3 id={`${id}-sections`} className="paper-outline__subheading">
            {t('paperOutline.sections')}
          </h3>
          {/* A long outline scrolls in its own box, so the chat stays close on a phone. */}
          <section
            className="paper-outline__scroll"
            aria-labelledby={`${id}-sections`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard to scroll it (WCAG 2.1.1).
            tabIndex={0}
          >
            <SectionList nodes={sections} />
          </section>
        </div>
      )}
      {structure.captions.length > 0 && (
        <p className="paper-outline__meta muted" data-testid="paper-outline-captions">
          {t('paperOutline.captions', captionCounts(structure.captions))}
        </p>
      )}
      {references.length > 0 && (
        <details className="paper-outline__references" data-testid="paper-outline-references">
          <summary>{t('paperOutline.references', { count: references.length })}</summary>
          <ol>
            {references.map((reference, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries of a reference list have no identity but their place.
              <li key={index}>{reference.text}</li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}

/** The sections as nested lists: number, heading and the page it starts on. */
function SectionList({ nodes }: { nodes: readonly HeadingNode[] }) {
  const { t } = useTranslation();
  return (
    <ol className="paper-outline__sections">
      {nodes.map(({ heading, index, children }) => (
        <li key={index}>
          <span className="paper-outline__section">
            {heading.number && <span className="paper-outline__number">{heading.number}</span>}
            <span className="paper-outline__section-text">{heading.text}</span>
            <span className="paper-outline__page muted">{t('paperOutline.page', { page: heading.page })}</span>
          </span>
          {children.length > 0 && <SectionList nodes={children} />}
        </li>
      ))}
    </ol>
  );
}
