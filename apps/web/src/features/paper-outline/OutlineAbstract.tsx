import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';

/** Abstracts longer than this start folded to a few lines, with a button to unfold them. */
const ABSTRACT_FOLD_CHARS = 240;

/** The abstract under its heading, folded to a few lines when it is long. */
export function OutlineAbstract({ text }: { text: string }) {
  const { t } = useTranslation();
  const id = useId();
  const long = text.length > ABSTRACT_FOLD_CHARS;
  const [open, setOpen] = useState(false);
  const folded = long && !open;
  return (
    <div className="paper-outline__part">
      <h3 className="paper-outline__subheading">{t('paperOutline.abstract')}</h3>
      <p
        id={id}
        className={`paper-outline__abstract${folded ? ' paper-outline__abstract--folded' : ''}`}
        data-testid="paper-outline-abstract"
      >
        {text}
      </p>
      {long && (
        <button
          type="button"
          className="paper-outline__more"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('paperOutline.showLess') : t('paperOutline.showMore')}
        </button>
      )}
    </div>
  );
}
