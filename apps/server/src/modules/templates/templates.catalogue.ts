import {
  type FeatureSlug,
  FLOW_DEFINITIONS,
  type FlowSlug,
  GROUP_ITEMS,
  type GroupSlug,
  type LocaleCode,
  TOOL_STUDY_CATEGORIES,
} from '@quire/contracts';
import appDe from '@quire/contracts/locales/de/app.json';
import appEn from '@quire/contracts/locales/en/app.json';
import appEs from '@quire/contracts/locales/es/app.json';
import appFr from '@quire/contracts/locales/fr/app.json';
import appIt from '@quire/contracts/locales/it/app.json';
import appNl from '@quire/contracts/locales/nl/app.json';

type Texts = { title: string; description: string };
type AppTexts = {
  tools: Record<string, Texts>;
  flows: Record<string, Texts>;
  groups: Record<string, string>;
};

/** The web app's own titles and descriptions of the tools, flows and groups: one copy for both sides. */
const APP_TEXTS: Record<LocaleCode, AppTexts> = { en: appEn, de: appDe, fr: appFr, es: appEs, it: appIt, nl: appNl };

/** Tools in this category start as favourites until the user decides otherwise (spec §3). */
export const RECOMMENDED = 'recommended';
const RECOMMENDED_TOOLS: FeatureSlug[] = ['find-sources', 'write-outline', 'write-chapter'];

/**
 * The groups a tool belongs to (spec §2), directly or as a step of a flow, then its study categories, plus
 * `recommended` where it is.
 */
export function toolCategories(slug: FeatureSlug): string[] {
  const paths = [`feature/${slug}`, ...flowsWith(slug).map((flow) => `flow/${flow}`)];
  const groups = (Object.keys(GROUP_ITEMS) as GroupSlug[]).filter((group) =>
    GROUP_ITEMS[group].some((item) => paths.includes(item)),
  );
  const categories = [...new Set([...groups, ...TOOL_STUDY_CATEGORIES[slug]])];
  return RECOMMENDED_TOOLS.includes(slug) ? [...categories, RECOMMENDED] : categories;
}

function flowsWith(slug: FeatureSlug): FlowSlug[] {
  return (Object.keys(FLOW_DEFINITIONS) as FlowSlug[]).filter((flow) => FLOW_DEFINITIONS[flow].steps.includes(slug));
}

export function toolTexts(slug: FeatureSlug, locale: LocaleCode): Texts {
  return APP_TEXTS[locale].tools[slug] ?? (APP_TEXTS.en.tools[slug] as Texts);
}

export function flowTexts(slug: FlowSlug, locale: LocaleCode): Texts {
  return APP_TEXTS[locale].flows[slug] ?? (APP_TEXTS.en.flows[slug] as Texts);
}

export function groupTitle(slug: GroupSlug, locale: LocaleCode): string {
  return APP_TEXTS[locale].groups[slug] ?? APP_TEXTS.en.groups[slug] ?? slug;
}
