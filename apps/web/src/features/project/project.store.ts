import { useSyncExternalStore } from 'react';
import { getProfileSnapshot, useAccountProfile } from '../auth';
import { EMPTY_PROJECT, normaliseProject, type Project, projectAfterRun, sameProject } from './project.state';

const STORAGE_PREFIX = 'quire_project:';

/**
 * The current project (spec §3), remembered per user on this device: every tool pre-fills its topic and
 * language from it, and a run with a topic or language makes those the project's.
 */
let owner: string | null = null;
let project: Project = EMPTY_PROJECT;
const listeners = new Set<() => void>();

/** The signed-in user's project; the empty project for visitors and before the profile has loaded. */
export function getProject(): Project {
  const id = getProfileSnapshot()?.id ?? null;
  if (id !== owner) {
    owner = id;
    project = id ? read(id) : EMPTY_PROJECT;
  }
  return project;
}

/** Sets the project (the header's project dialog); the topic is trimmed. */
export function setProject(next: { topic?: unknown; language?: unknown }): void {
  change(normaliseProject(next));
}

/** A tool ran with these inputs: their topic and language become the project's. */
export function rememberProjectFrom(inputs: Record<string, unknown>): void {
  change(projectAfterRun(getProject(), inputs));
}

function change(next: Project): void {
  const current = getProject();
  if (!owner || sameProject(current, next)) return;
  project = next;
  write(owner, next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The project for components; follows the signed-in user. */
export function useProject(): Project {
  useAccountProfile();
  return useSyncExternalStore(subscribe, getProject);
}

function read(id: string): Project {
  try {
    const stored = window.localStorage.getItem(STORAGE_PREFIX + id);
    return stored ? normaliseProject(JSON.parse(stored) as Record<string, unknown>) : EMPTY_PROJECT;
  } catch {
    // Storage off or a value no longer readable: the project starts empty.
    return EMPTY_PROJECT;
  }
}

function write(id: string, value: Project): void {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + id, JSON.stringify(value));
  } catch {
    // Private mode without storage: the project lasts until the page is closed.
  }
}
