import type { LocaleCode } from '@quire/contracts';
import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import type { Project } from './project.state';
import { useProject } from './project.store';

type Prefillable = { topic: string; language: LocaleCode };

/**
 * Fills a form's topic and language from the current project when the project becomes known after the form was
 * set up (the profile, which says whose project it is, can load after the page): only an empty topic and a
 * language still at the UI default are filled, so nothing the user typed is replaced.
 */
export function useProjectPrefill<T extends Prefillable>(
  uiLanguage: LocaleCode,
  setValues: Dispatch<SetStateAction<T>>,
) {
  const project = useProject();
  const applied = useRef<Project | null>(null);
  useEffect(() => {
    if (applied.current === null) {
      // The first render's project is what the form started with.
      applied.current = project;
      return;
    }
    if (applied.current === project) return;
    applied.current = project;
    setValues((values) => ({
      ...values,
      topic: values.topic === '' ? project.topic : values.topic,
      language: values.language === uiLanguage && project.language ? project.language : values.language,
    }));
  }, [project, uiLanguage, setValues]);
}
