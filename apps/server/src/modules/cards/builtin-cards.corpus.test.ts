import { beforeAll, describe, expect, it } from 'vitest';
import { corpusPdf } from '../../test/corpus';
import { chunkPages } from '../../text/chunking';
import { extractPdf } from '../sources/pdf-extract';
import { builtinCards, type CardPassage } from './builtin-cards';

describe('cards from real papers', () => {
  const paper = async (name: string) =>
    chunkPages((await extractPdf(new Uint8Array(corpusPdf(name)))).pages).map((passage) => ({
      text: passage.text,
      page: passage.pageStart,
    }));
  let mapReduce: CardPassage[];
  let spanish: CardPassage[];
  beforeAll(async () => {
    [mapReduce, spanish] = await Promise.all([
      paper('scienceparse_map-reduce.pdf'),
      paper('scielo_tinf-33-e200057_es.pdf'),
    ]);
  });

  it('finds the definition of MapReduce on its first page, and cards from the whole paper', () => {
    const cards = builtinCards({ passages: mapReduce, language: 'en', count: 30 });
    expect(cards).toHaveLength(30);
    expect(cards[0]).toMatchObject({ kind: 'definition', front: 'What is MapReduce?', page: 1 });
    expect(cards[0]?.back).toMatch(/^A programming model/);
    expect(new Set(cards.map((card) => card.page)).size).toBeGreaterThan(5);
    for (const card of cards) {
      expect(card.passage).toBeTruthy();
      expect(mapReduce.find((passage) => passage.text === card.passage)?.page).toBe(card.page);
      // No figure labels, reference entries or section numbers made it onto a card.
      expect(card.front).not.toMatch(/Figure \d|et al\.|^\d/);
    }
  });

  it('makes Spanish cards from a Spanish paper, every blank a word of the sentence it came from', () => {
    const cards = builtinCards({ passages: spanish, language: 'es', count: 20 });
    expect(cards.length).toBe(20);
    for (const card of cards.filter((each) => each.kind === 'cloze')) {
      expect(card.front).toContain('…');
      expect(card.passage?.toLowerCase()).toContain(card.back.toLowerCase());
    }
    expect(cards.some((card) => /información|divulgación|responsabilidad/i.test(card.back))).toBe(true);
  });
});
