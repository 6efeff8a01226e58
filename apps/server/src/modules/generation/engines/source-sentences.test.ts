import { describe, expect, it } from 'vitest';
import { chunkPages } from '../../../text/chunking';
import type { ToolSource } from '../engine-types';
import { candidateSentences } from './source-sentences';

const source = (passages: ToolSource['passages']): ToolSource => ({
  id: 's1',
  title: 'Soil erosion',
  authors: ['Ana Berg'],
  year: 2020,
  venue: null,
  doi: null,
  url: null,
  kind: 'document',
  language: 'en',
  passages,
});

describe('candidateSentences', () => {
  it('gives each sentence the page it is on, not the first page of its passage', () => {
    const pages = [
      'Heavy rainfall on bare fields washes the fertile topsoil into the rivers of the basin.',
      'Cover crops planted after the harvest keep the soil in place during the winter storms.',
    ];
    const [passage] = chunkPages(pages);
    if (!passage) throw new Error('no passage');
    const sentences = candidateSentences([source([{ ...passage, score: 1 }])], 'en');
    expect(sentences.map(({ sentence, pageStart, pageEnd }) => [sentence.slice(0, 11), pageStart, pageEnd])).toEqual([
      ['Heavy rainf', 1, 1],
      ['Cover crops', 2, 2],
    ]);
  });

  it('never offers a heading, caption or footnote indexed with the body as a sentence to quote', () => {
    const [passage] = chunkPages([
      [
        { text: 'Heavy rainfall on bare fields washes the fertile topsoil into the rivers.', quotable: true },
        { text: 'Figure 2 shows how the fertile topsoil of the basin reaches the rivers.', quotable: false },
        { text: 'Cover crops planted after the harvest keep the soil in place in winter.', quotable: true },
      ],
    ]);
    if (!passage) throw new Error('no passage');
    const sentences = candidateSentences([source([{ ...passage, score: 1 }])], 'en');
    expect(sentences.map(({ sentence }) => sentence.slice(0, 11))).toEqual(['Heavy rainf', 'Cover crops']);
  });

  it('keeps null pages for sources without pages', () => {
    const sentences = candidateSentences(
      [
        source([
          {
            text: 'Cover crops keep the soil in place during the winter storms.',
            pageStart: null,
            pageEnd: null,
            score: 1,
          },
        ]),
      ],
      'en',
    );
    expect(sentences[0]).toMatchObject({ pageStart: null, pageEnd: null });
  });
});
