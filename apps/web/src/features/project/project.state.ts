import { isLocale, type LocaleCode } from '@quire/contracts';

/** Spec §3 current project: the topic (trimmed) and the language the user is writing in. */
export type Project = { topic: string; language: LocaleCode | null };

export const EMPTY_PROJECT: Project = { topic: '', language: null };

/** The longest topic the tools take (contracts: topic max 300). */
export const PROJECT_TOPIC_MAX = 300;

/** A project as the user typed it: the topic trimmed of surrounding whitespace and cut to the tools' limit. */
export function normaliseProject(project: { topic?: unknown; language?: unknown }): Project {
  const topic = typeof project.topic === 'string' ? project.topic.trim().slice(0, PROJECT_TOPIC_MAX).trim() : '';
  const language = typeof project.language === 'string' && isLocale(project.language) ? project.language : null;
  return { topic, language };
}

/**
 * The project after a tool ran with `inputs`: a topic or language the run used becomes the project's, what it
 * did not use stays.
 */
export function projectAfterRun(project: Project, inputs: Record<string, unknown>): Project {
  const used = normaliseProject(inputs);
  return { topic: used.topic || project.topic, language: used.language ?? project.language };
}

export function sameProject(a: Project, b: Project): boolean {
  return a.topic === b.topic && a.language === b.language;
}
