import { STUDY_CATEGORIES, type StudyCategory } from '@quire/contracts';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { storeProfile, useAccountProfile } from '../auth';
import { reloadFavourites } from './favourites.store';
import { saveStudyCategories } from './study-categories.api';
import './tools-styles';

/**
 * The first-login question (spec §3): what does the user study Quire for? The tools of the chosen categories
 * start as favourites. Shown once the profile says nothing was chosen yet; skipping is a choice too.
 */
export function StudyCategoriesPrompt() {
  const profile = useAccountProfile();
  const [dismissed, setDismissed] = useState(false);
  if (!profile || profile.study_categories !== null || dismissed) return null;
  return <StudyCategoriesDialog onDone={() => setDismissed(true)} />;
}

function StudyCategoriesDialog({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<StudyCategory[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function toggle(category: StudyCategory) {
    setChosen((current) =>
      current.includes(category) ? current.filter((other) => other !== category) : [...current, category],
    );
  }

  async function save(categories: StudyCategory[]) {
    setSaving(true);
    setError(null);
    try {
      storeProfile(await saveStudyCategories(categories));
      // The favourites follow the categories: the sidebar asks for them again.
      reloadFavourites();
      onDone();
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Could not save the study categories', failure);
      setError(failure instanceof ApiError ? failure.message : t('errors:generic_error'));
      setSaving(false);
    }
  }

  return (
    // Closing it asks again next time; "skip" answers for good.
    <Dialog title={t('studyCategories.title')} onClose={onDone} busy={saving} testId="study-categories">
      <p>{t('studyCategories.question')}</p>
      <fieldset className="study-categories" aria-describedby={`${id}-hint`}>
        <legend className="visually-hidden">{t('studyCategories.legend')}</legend>
        {STUDY_CATEGORIES.map((category) => (
          <label key={category} className="study-categories__option">
            <input
              type="checkbox"
              checked={chosen.includes(category)}
              onChange={() => toggle(category)}
              disabled={saving}
              data-testid={`study-category-${category}`}
            />
            <span>
              <strong>{t(`studyCategories.options.${category}.title`)}</strong>
              <span className="muted"> {t(`studyCategories.options.${category}.description`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p id={`${id}-hint`} className="muted">
        {t('studyCategories.hint')}
      </p>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void save([])}
          disabled={saving}
          data-testid="study-categories-skip"
        >
          {t('studyCategories.skip')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void save(chosen)}
          disabled={saving || chosen.length === 0}
          data-testid="study-categories-save"
        >
          {saving ? t('studyCategories.saving') : t('studyCategories.save')}
        </button>
      </div>
    </Dialog>
  );
}
