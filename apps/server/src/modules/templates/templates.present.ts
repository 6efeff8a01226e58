import {
  type FeatureSlug,
  FLOW_DEFINITIONS,
  type Flow,
  type FlowSlug,
  GROUP_ITEMS,
  type Group,
  type GroupSlug,
  type LocaleCode,
  OWN_APP_CATEGORY,
  ownAppSlug,
  type Template,
} from '@quire/contracts';
import type { OwnAppRow } from '../own-apps/own-apps.service';
import { flowTexts, groupTitle, toolCategories, toolTexts } from './templates.catalogue';

/** Spec §3 template, in the request's language. */
export function presentTemplate(slug: FeatureSlug, locale: LocaleCode, favourite: boolean): Template {
  const { title, description } = toolTexts(slug, locale);
  return { slug, headline: title, description, categories: toolCategories(slug), favourite };
}

/** One of the user's own applications as a template: its own name and description, in the category `own`. */
export function presentOwnAppTemplate(
  app: Pick<OwnAppRow, 'id' | 'name' | 'description'>,
  favourite: boolean,
): Template {
  return {
    slug: ownAppSlug(app.id),
    headline: app.name,
    description: app.description,
    categories: [OWN_APP_CATEGORY],
    favourite,
  };
}

/** Spec §3 flow: its steps with their tools' titles. */
export function presentFlow(slug: FlowSlug, locale: LocaleCode): Flow {
  const { steps, connections } = FLOW_DEFINITIONS[slug];
  const { title, description } = flowTexts(slug, locale);
  return {
    slug,
    headline: title,
    description,
    steps,
    step_titles: steps.map((step) => toolTexts(step, locale).title),
    connections,
  };
}

/** Spec §3 group. */
export function presentGroup(slug: GroupSlug, locale: LocaleCode): Group {
  return { slug, title: groupTitle(slug, locale), items: GROUP_ITEMS[slug] };
}
