import { lazy } from 'react';
import { importWithReload } from '../../lib/chunk-reload';

// What other features use of survey; they import it from here only (see .dependency-cruiser.cjs).
export { isSurveyDone, markSurveyDone, useSurveyDue } from './survey.store';

/** The survey card in its own chunk, loaded only when the survey is due. */
export const SurveyCard = lazy(() =>
  importWithReload(() => import('./SurveyCard')).then((module) => ({ default: module.SurveyCard })),
);
