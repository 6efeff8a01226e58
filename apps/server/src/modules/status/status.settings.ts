import { type StatusBanner, StatusBanner as StatusBannerSchema } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siteSettings } from '../../db/schema';

const BANNER_KEY = 'status_banner';

/** How long an instance reuses the banner it read: a command reaches every instance within this time. */
export const BANNER_CACHE_MS = 5_000;

/** The banner set with `npm run status`, or null; a value the schema does not know counts as none. */
export async function readStoredBanner(db: Database): Promise<StatusBanner | null> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, BANNER_KEY));
  const parsed = StatusBannerSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/** Sets the banner every instance shows, or removes it (null). */
export async function storeBanner(db: Database, banner: StatusBanner | null): Promise<void> {
  if (banner === null) {
    await db.delete(siteSettings).where(eq(siteSettings.key, BANNER_KEY));
    return;
  }
  await db
    .insert(siteSettings)
    .values({ key: BANNER_KEY, value: banner })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: banner, updatedAt: new Date() } });
}

/**
 * The banner users see. STATUS_BANNER wins when it is set: what is pinned in the deployment's environment
 * is not overridden from the command line; when it is empty, the banner of `npm run status` shows.
 */
export function effectiveBanner(configured: StatusBanner | null, stored: StatusBanner | null): StatusBanner | null {
  return configured ?? stored;
}

/**
 * Reads the stored banner at most once per `ttlMs` (every visitor asks for the status before each page).
 * When the database does not answer, the last known banner stays and `onError` hears why.
 */
export function createBannerReader({
  db,
  ttlMs = BANNER_CACHE_MS,
  onError,
  now = Date.now,
}: {
  db: Database;
  ttlMs?: number;
  onError: (error: unknown) => void;
  now?: () => number;
}): () => Promise<StatusBanner | null> {
  let cached: { banner: StatusBanner | null; readAt: number } | null = null;
  let pending: Promise<StatusBanner | null> | null = null;
  return () => {
    if (cached && now() - cached.readAt < ttlMs) return Promise.resolve(cached.banner);
    pending ??= readStoredBanner(db)
      .then((banner) => {
        cached = { banner, readAt: now() };
        return banner;
      })
      .catch((error: unknown) => {
        onError(error);
        return cached?.banner ?? null;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}
