import {
  type FeatureSlug,
  FLOW_DEFINITIONS,
  type Flow,
  type FlowSlug,
  GROUP_ITEMS,
  type Group,
  type GroupSlug,
  type LocaleCode,
  type Template,
} from '@quire/contracts';
import { flowTexts, groupTitle, toolCategories, toolTexts } from './templates.catalogue';

/** Spec §3 template, in the request's language. */
export function presentTemplate(slug: FeatureSlug, locale: LocaleCode, favourite: boolean): Template {
  const { title, description } = toolTexts(slug, locale);
  return { slug, headline: title, description, categories: toolCategories(slug), favourite };
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
