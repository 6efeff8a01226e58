import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../auth';
import { useFavourites, useToggleFavourite } from './favourites.store';
import './tools-styles';

type Props = {
  slug: string;
  /** The tool's name, for the button's label. */
  name: string;
};

/**
 * The star that makes a tool a favourite (or not). Shown to signed-in users for tools the server lists; a
 * toggle the server refused leaves the star as it was and says so.
 */
export function FavouriteButton({ slug, name }: Props) {
  const { t } = useTranslation();
  const signedIn = Boolean(useSession());
  const favourites = useFavourites();
  const toggleOnServer = useToggleFavourite();
  const [failed, setFailed] = useState(false);
  const template = favourites.templates.find((candidate) => candidate.slug === slug);
  if (!signedIn || !template) return null;
  const on = template.favourite;
  const busy = favourites.toggling.includes(slug);

  async function toggle() {
    setFailed(false);
    if (busy) return;
    setFailed(!(await toggleOnServer(slug)));
  }

  return (
    <span className="favourite">
      <button
        type="button"
        className={`favourite__button icon-button${on ? ' favourite__button--on' : ''}`}
        aria-pressed={on}
        aria-label={t(on ? 'generation.favourite.remove' : 'generation.favourite.add', { name })}
        title={t(on ? 'generation.favourite.remove' : 'generation.favourite.add', { name })}
        disabled={busy}
        onClick={() => void toggle()}
        data-testid={`favourite-${slug}`}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 3.2l2.7 5.5 6 .9-4.35 4.25 1 6-5.35-2.8-5.35 2.8 1-6L3.3 9.6l6-.9z"
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {failed && (
        <span className="favourite__error field__error" role="alert">
          {t('generation.favourite.failed')}
        </span>
      )}
    </span>
  );
}
