import type { Profile } from '@quire/contracts';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { updateProfile } from './account.api';
import { formatDate } from './format-date';
import { type EditableField, ProfileField, type SaveResult } from './ProfileField';

type Notice = { kind: 'success' | 'error'; text: string };

type Props = { profile: Profile; onUpdated: (profile: Profile) => void };

/** Name and e-mail, each editable in place; one notice says what the last save did (spec §8). */
export function ProfileSettings({ profile, onUpdated }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [notice, setNotice] = useState<Notice | null>(null);

  async function save(field: EditableField, value: string): Promise<SaveResult> {
    const label = t(`fields:${field}`);
    setNotice(null);
    try {
      onUpdated(await updateProfile(field === 'name' ? { name: value } : { email: value }));
      setNotice({ kind: 'success', text: t('errors:field_updated', { field: label }) });
      return { ok: true };
    } catch (error) {
      if (!(error instanceof ApiError)) console.error(`Updating ${field} failed`, error);
      setNotice({ kind: 'error', text: t('errors:update_failed', { field: label }) });
      const fieldMessage = error instanceof ApiError ? error.fields.find((item) => item.path === field)?.message : null;
      return { ok: false, fieldMessage: fieldMessage ?? null };
    }
  }

  return (
    <section className="account-section" aria-labelledby="account-profile">
      <h2 id="account-profile">{t('pages.account.profile.title')}</h2>
      <div className="account-notice" role="status" data-testid="account-notice">
        {notice?.kind === 'success' && <p className="notice notice--success">{notice.text}</p>}
      </div>
      {notice?.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          {notice.text}
        </p>
      )}
      <ProfileField field="name" value={profile.name} onSave={(value) => save('name', value)} />
      <ProfileField field="email" value={profile.email} onSave={(value) => save('email', value)} />
      <p className="muted">
        {t('pages.account.profile.memberSince', { date: formatDate(profile.created_at, locale) })}
      </p>
    </section>
  );
}
