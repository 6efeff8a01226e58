import { describe, expect, it } from 'vitest';
import { checkedCards, isSupported } from './model-cards';
import { parseProposedCards } from './model-cards.parse';

const CARD = { question: 'What is a cell?', answer: 'The basic unit of life', passage: 1 };

describe('parseProposedCards', () => {
  it('reads a JSON array, also in a code fence with words around it', () => {
    const answer = `Here are your cards:\n\`\`\`json\n[${JSON.stringify(CARD)}, {"question": "Q2", "answer": "A2", "passage": 2}]\n\`\`\`\nGood luck!`;
    expect(parseProposedCards(answer)).toEqual([CARD, { question: 'Q2', answer: 'A2', passage: 2 }]);
  });

  it('reads JSON lines, an object holding "cards", and the field names models use instead', () => {
    expect(parseProposedCards(`${JSON.stringify(CARD)}\n{"q": "Q2", "a": "A2", "p": "[3]"}`)).toEqual([
      CARD,
      { question: 'Q2', answer: 'A2', passage: 3 },
    ]);
    expect(parseProposedCards(JSON.stringify({ cards: [{ front: 'F', back: 'B', source: 'passage 2' }] }))).toEqual([
      { question: 'F', answer: 'B', passage: 2 },
    ]);
  });

  it('keeps the complete cards of an array cut off in the middle, and braces inside strings', () => {
    const answer = `[{"question": "What does {x} mean?", "answer": "A set", "passage": 1}, {"question": "Q2", "ans`;
    expect(parseProposedCards(answer)).toEqual([{ question: 'What does {x} mean?', answer: 'A set', passage: 1 }]);
  });

  it('drops cards without a question, an answer or a passage number, and answers that hold no JSON', () => {
    const answer = JSON.stringify([
      { question: '', answer: 'A', passage: 1 },
      { question: 'Q', passage: 1 },
      { question: 'Q', answer: 'A', passage: 'none' },
      { question: 'Q', answer: 'A', passage: 0 },
      'just a string',
    ]);
    expect(parseProposedCards(answer)).toEqual([]);
    expect(parseProposedCards('I cannot help with that.')).toEqual([]);
  });
});

describe('isSupported', () => {
  const passage =
    'Mitochondria are organelles that release energy from food. They divide on their own, 2 to 3 times a day.';

  it('accepts an answer whose content words occur in the passage, also in another form', () => {
    expect(isSupported('Organelles releasing energy from food', passage, 'en')).toBe(true);
    expect(isSupported('2 to 3 times a day', passage, 'en')).toBe(true);
  });

  it('refuses an answer whose words mostly do not occur, or with a number the passage does not have', () => {
    expect(isSupported('Structures that store genetic information in plants', passage, 'en')).toBe(false);
    expect(isSupported('They divide 5 times a day', passage, 'en')).toBe(false);
    expect(isSupported('the', passage, 'en')).toBe(false);
  });
});

describe('checkedCards', () => {
  const passages = [
    { text: 'The cell is the basic unit of life. All organisms consist of cells.', page: 3 },
    { text: 'Photosynthesis turns light into chemical energy in the chloroplasts.', page: 4 },
  ];

  it('keeps supported cards with their passage and page, in text order, without repeats', () => {
    const cards = checkedCards(
      [
        { question: 'Where does photosynthesis happen?', answer: 'In the chloroplasts', passage: 2 },
        CARD,
        { ...CARD, question: 'what is  a cell?' },
      ],
      passages,
      'en',
    );
    expect(cards).toEqual([
      { kind: 'qa', front: CARD.question, back: CARD.answer, passage: passages[0]?.text, page: 3 },
      {
        kind: 'qa',
        front: 'Where does photosynthesis happen?',
        back: 'In the chloroplasts',
        passage: passages[1]?.text,
        page: 4,
      },
    ]);
  });

  it('drops cards citing a passage they were not given, or one that does not support them', () => {
    expect(
      checkedCards(
        [
          { ...CARD, passage: 7 },
          { question: 'What is a cell?', answer: 'A small room in a prison', passage: 1 },
          { question: 'Who found cells?', answer: 'Robert Hooke in 1665', passage: 1 },
        ],
        passages,
        'en',
      ),
    ).toEqual([]);
  });
});
