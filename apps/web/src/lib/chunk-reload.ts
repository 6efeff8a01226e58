import { CHUNK_RELOAD_WINDOW_MS } from '@quire/contracts';

const STORAGE_KEY = 'quire_chunk_reload_at';

/** What Chrome, Firefox, Safari and Vite say when a code chunk of an older deployment is gone. */
const CHUNK_ERROR = /dynamically imported module|importing a module script failed|unable to preload css/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/**
 * Whether a chunk failure should reload the page: not when the last such reload happened less than
 * the window ago (spec §2: at most once per 60 s), so a truly broken deployment cannot loop.
 */
export function shouldReloadForChunkError(
  now: number,
  lastReloadAt: number | null,
  windowMs: number = CHUNK_RELOAD_WINDOW_MS,
): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  // A clock set back makes the stored time lie in the future; treat it as old rather than block forever.
  if (lastReloadAt > now) return true;
  return now - lastReloadAt >= windowMs;
}

type Environment = { storage: Storage; now: () => number; reload: () => void };

let reloadTarget: () => string | undefined = () => undefined;

/**
 * Tells where a reload should land: a chunk usually fails while navigating, and reloading the page the
 * visitor is leaving would drop the click. The app passes the pending navigation's URL.
 */
export function setReloadTarget(target: () => string | undefined): void {
  reloadTarget = target;
}

function browserEnvironment(): Environment {
  return {
    storage: window.sessionStorage,
    now: Date.now,
    reload: () => {
      const target = reloadTarget();
      if (target) window.location.assign(target);
      else window.location.reload();
    },
  };
}

/**
 * Reloads the page for a chunk failure when allowed, recording the time in sessionStorage.
 * Returns whether it reloaded; the caller surfaces the error otherwise.
 */
export function reloadForChunkError(error: unknown, environment: Environment = browserEnvironment()): boolean {
  if (!isChunkLoadError(error)) return false;
  const now = environment.now();
  const stored = readNumber(environment.storage);
  if (!shouldReloadForChunkError(now, stored)) return false;
  try {
    environment.storage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Without storage the window cannot be enforced; surfacing the error beats a reload loop.
    return false;
  }
  environment.reload();
  return true;
}

/** Runs a dynamic import; a stale chunk reloads the page (the promise then never settles). */
export async function importWithReload<T>(importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    if (reloadForChunkError(error)) return new Promise<T>(() => {});
    throw error;
  }
}

function readNumber(storage: Storage): number | null {
  try {
    const value = storage.getItem(STORAGE_KEY);
    return value === null ? null : Number(value);
  } catch {
    return null;
  }
}
