import { LOCALE_INFO, LOCALES, type LocaleCode } from '@quire/contracts';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../auth';
import { useTopics } from '../tool-history';
import { PROJECT_TOPIC_MAX } from './project.state';
import { setProject, useProject } from './project.store';

/**
 * The header's current project (spec §3): its topic and language, which every tool pre-fills. A button opens a
 * dialog to change or clear them; the topic field suggests the topics of earlier results.
 */
export function ProjectSwitcher() {
  const { t } = useTranslation();
  const session = useSession();
  const project = useProject();
  const [editing, setEditing] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Visitors have no project; the empty box keeps the header's layout.
  if (!session) return <div className="app-header__project" />;
  return (
    <div className="app-header__project">
      <span className="app-header__label" id="current-project-label">
        {t('header.project')}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="project-switcher"
        aria-describedby="current-project-label"
        onClick={() => setEditing(true)}
        data-testid="project-switcher"
      >
        <span className={project.topic ? 'project-switcher__topic' : 'muted'}>
          {project.topic || t('header.projectEmpty')}
        </span>
        {project.language && (
          <span className="badge" lang={LOCALE_INFO[project.language].meta.htmlLang}>
            {project.language.toUpperCase()}
          </span>
        )}
        <span className="visually-hidden"> – {t('project.change')}</span>
      </button>
      {editing && <ProjectDialog onClose={() => setEditing(false)} returnFocus={buttonRef} />}
    </div>
  );
}

type DialogProps = { onClose: () => void; returnFocus: RefObject<HTMLButtonElement | null> };

function ProjectDialog({ onClose, returnFocus }: DialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const project = useProject();
  const topics = useTopics();
  const [topic, setTopic] = useState(project.topic);
  const [language, setLanguage] = useState<LocaleCode | ''>(project.language ?? '');

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProject({ topic, language: language || null });
    onClose();
  }

  function clear() {
    setProject({ topic: '', language: null });
    onClose();
  }

  return (
    <Dialog title={t('project.title')} onClose={onClose} returnFocus={returnFocus} testId="project-dialog">
      <p className="muted">{t('project.explanation')}</p>
      <form onSubmit={save}>
        <div className="field">
          <label htmlFor={`${id}-topic`}>{t('project.topic')}</label>
          <input
            id={`${id}-topic`}
            value={topic}
            maxLength={PROJECT_TOPIC_MAX}
            list={topics.length > 0 ? `${id}-topics` : undefined}
            autoComplete="off"
            onChange={(event) => setTopic(event.target.value)}
            data-testid="project-topic"
          />
          {topics.length > 0 && (
            <datalist id={`${id}-topics`}>
              {topics.map((known) => (
                <option key={known} value={known} />
              ))}
            </datalist>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>{t('project.language')}</label>
          <select
            id={`${id}-language`}
            value={language}
            onChange={(event) => setLanguage(event.target.value as LocaleCode | '')}
            data-testid="project-language"
          >
            <option value="">{t('project.languageOfPage')}</option>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={LOCALE_INFO[code].meta.htmlLang}>
                {LOCALE_INFO[code].title}
              </option>
            ))}
          </select>
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={clear} data-testid="project-clear">
            {t('project.clear')}
          </button>
          <button type="submit" className="button" data-testid="project-save">
            {t('project.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
