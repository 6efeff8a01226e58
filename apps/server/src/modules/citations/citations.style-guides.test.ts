import { describe, expect, it } from 'vitest';
import type { ToolSource } from '../generation/engine-types';
import { renderCitations } from './citations.render';
import { STYLE_GUIDE_EXAMPLES, type StyleGuideExample } from './style-guide-examples';

/** The example rendered alone, as the only entry of its reference list. */
function rendered(example: StyleGuideExample): string {
  const { record } = example;
  const source: ToolSource = {
    id: example.id,
    title: record.title,
    authors: record.authors,
    year: record.year,
    venue: record.venue,
    doi: record.doi,
    url: record.url ?? null,
    kind: record.kind === 'webpage' ? 'website' : 'paper',
    language: 'en',
    passages: [],
    paper: record,
  };
  const { references } = renderCitations({
    style: example.style,
    language: 'en',
    sources: [source],
    groups: [[{ sourceId: example.id, locator: null }]],
    unknownAuthor: 'Unknown author',
  });
  return references[0] ?? '';
}

/**
 * The held-out examples (style-guide-examples.ts) the official styles print exactly as their guide does.
 * The list is measured, not tuned for: a change that makes one more match, or one fewer, updates it.
 */
const MATCHING = [
  'apa-journal',
  'apa-book',
  'apa-chapter',
  'apa-conference',
  'apa-webpage',
  'ieee-journal',
  'ieee-chapter',
];

describe('official styles against the style guides’ own examples (held-out)', () => {
  it('covers five record types for each style it checks', () => {
    for (const style of new Set(STYLE_GUIDE_EXAMPLES.map((example) => example.style))) {
      const types = new Set(STYLE_GUIDE_EXAMPLES.filter((example) => example.style === style).map((e) => e.recordType));
      expect([...types].sort()).toEqual(['book', 'chapter', 'conference paper', 'journal article', 'web page']);
    }
  });

  for (const example of STYLE_GUIDE_EXAMPLES) {
    const matches = MATCHING.includes(example.id);
    it(`${example.style} ${example.recordType} (${example.source}) ${matches ? 'matches the guide' : 'differs from the guide'}`, () => {
      const text = rendered(example);
      if (matches) expect(text).toBe(example.expected);
      else expect(text).not.toBe(example.expected);
    });
  }
});
