import { FEATURE_SLUGS, type FeatureSlug, type LocaleCode, type Template } from '@quire/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { RECOMMENDED, toolCategories } from './templates.catalogue';
import { presentTemplate } from './templates.present';
import { favouriteChoices, flipFavourite } from './templates.store';

/** Every tool (spec §1) with the user's favourite flag, in the request's language. */
export async function listTemplates({
  db,
  userId,
  locale,
}: {
  db: Database;
  userId: string;
  locale: LocaleCode;
}): Promise<Template[]> {
  const choices = await favouriteChoices(db, userId);
  return FEATURE_SLUGS.map((slug) => presentTemplate(slug, locale, choices.get(slug) ?? favouriteByDefault(slug)));
}

/** Marks a tool as favourite or no longer; an unknown tool is not found. Resolves the new state. */
export async function toggleFavourite({ db, userId, slug }: { db: Database; userId: string; slug: string }) {
  if (!(FEATURE_SLUGS as readonly string[]).includes(slug)) throw new AppError('not_found');
  const tool = slug as FeatureSlug;
  const current = (await favouriteChoices(db, userId)).get(tool) ?? favouriteByDefault(tool);
  return { favourite: await flipFavourite(db, userId, tool, current) };
}

function favouriteByDefault(slug: FeatureSlug): boolean {
  return toolCategories(slug).includes(RECOMMENDED);
}
