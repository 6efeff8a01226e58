import { useEffect, useState } from 'react';

/** Seconds of use counted so far in this tab, kept across pages and reloads (sessionStorage). */
const ELAPSED_KEY = 'quire_survey_seconds';
/** Users (by e-mail) on this device who answered or closed the survey (spec §4: marked done locally). */
const DONE_KEY = 'quire_survey_done';

let elapsed: number | null = null;

/** Seconds the survey timer has counted in this tab. */
export function surveySeconds(): number {
  elapsed ??= Number(readSession(ELAPSED_KEY)) || 0;
  return elapsed;
}

/** Counts one more second of use; the count survives navigation and reloads of the tab. */
export function tickSurvey(seconds = 1): number {
  elapsed = surveySeconds() + seconds;
  writeSession(ELAPSED_KEY, String(elapsed));
  return elapsed;
}

export function isSurveyDone(user: string): boolean {
  return doneUsers().includes(user.toLowerCase());
}

export function markSurveyDone(user: string): void {
  const users = doneUsers();
  if (users.includes(user.toLowerCase())) return;
  try {
    window.localStorage.setItem(DONE_KEY, JSON.stringify([...users, user.toLowerCase()]));
  } catch (error) {
    console.warn('Could not remember that the survey is done', error);
  }
}

/** Forgets the counted time (tests). */
export function resetSurveyTimer(): void {
  elapsed = null;
}

/**
 * True once the signed-in user has used the app for `delaySeconds` (counted across pages, only while the tab is
 * visible); until then it counts each second while `counting` is true.
 */
export function useSurveyDue(counting: boolean, delaySeconds: number): boolean {
  const [seconds, setSeconds] = useState(surveySeconds);
  const due = seconds >= delaySeconds;
  useEffect(() => {
    if (!counting || due) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      setSeconds(tickSurvey());
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [counting, due]);
  return due;
}

function doneUsers(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(DONE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Without storage the count restarts with a reload; navigation inside the app keeps it anyway.
  }
}
