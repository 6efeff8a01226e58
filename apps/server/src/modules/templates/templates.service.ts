import {
  FEATURE_SLUGS,
  type FeatureSlug,
  type LocaleCode,
  ownAppIdOf,
  ownAppSlug,
  type Template,
  TOOL_STUDY_CATEGORIES,
} from '@quire/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { getOwnApp, ownAppsOf } from '../own-apps/own-apps.service';
import { RECOMMENDED, toolCategories } from './templates.catalogue';
import { presentOwnAppTemplate, presentTemplate } from './templates.present';
import { favouriteChoices, flipFavourite, studyCategoriesOf } from './templates.store';

/**
 * Every tool (spec §1) with the user's favourite flag, in the request's language, then the user's own
 * applications (category `own`; not a favourite until the user makes one).
 */
export async function listTemplates({
  db,
  userId,
  locale,
}: {
  db: Database;
  userId: string;
  locale: LocaleCode;
}): Promise<Template[]> {
  const [choices, studied, apps] = await Promise.all([
    favouriteChoices(db, userId),
    studyCategoriesOf(db, userId),
    ownAppsOf({ db, userId }),
  ]);
  const tools = FEATURE_SLUGS.map((slug) =>
    presentTemplate(slug, locale, choices.get(slug) ?? favouriteByDefault(slug, studied)),
  );
  const own = apps.map((app) => presentOwnAppTemplate(app, choices.get(ownAppSlug(app.id)) ?? false));
  return [...tools, ...own];
}

/**
 * Marks a tool, or one of the user's own applications, as favourite or no longer; an unknown tool or anyone
 * else's application is not found. Resolves the new state.
 */
export async function toggleFavourite({ db, userId, slug }: { db: Database; userId: string; slug: string }) {
  const ownAppId = ownAppIdOf(slug);
  if (ownAppId) {
    await getOwnApp({ db, userId, appId: ownAppId });
    const current = (await favouriteChoices(db, userId)).get(ownAppSlug(ownAppId)) ?? false;
    return { favourite: await flipFavourite(db, userId, ownAppSlug(ownAppId), current) };
  }
  if (!(FEATURE_SLUGS as readonly string[]).includes(slug)) throw new AppError('not_found');
  const tool = slug as FeatureSlug;
  const [choices, studied] = await Promise.all([favouriteChoices(db, userId), studyCategoriesOf(db, userId)]);
  const current = choices.get(tool) ?? favouriteByDefault(tool, studied);
  return { favourite: await flipFavourite(db, userId, tool, current) };
}

/**
 * Without a choice of the user's own, a tool is a favourite when it serves one of the study categories the
 * user chose on first login (spec §3); before that choice, or when none was chosen, the recommended tools are.
 */
function favouriteByDefault(slug: FeatureSlug, studied: readonly string[] | null): boolean {
  if (studied && studied.length > 0) return TOOL_STUDY_CATEGORIES[slug].some((category) => studied.includes(category));
  return toolCategories(slug).includes(RECOMMENDED);
}
