import type { LocaleCode } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { builtinCards, type CardPassage } from './builtin-cards';

const cardsOf = (text: string, language: LocaleCode, count = 20) =>
  builtinCards({ passages: [{ text, page: null }], language, count });
const pairs = (text: string, language: LocaleCode) =>
  cardsOf(text, language).map((card) => [card.kind, card.front, card.back]);

/** Short biology paragraphs, one per language, each with several ways of stating a definition. */
const PARAGRAPHS: Record<LocaleCode, string> = {
  en: 'The cell is the basic unit of life. Every living organism is made of one or more cells. Photosynthesis refers to the process by which plants turn light into chemical energy. Mitochondria are organelles that release energy from food. In 1665, Robert Hooke first described cells in cork under a microscope. It is a good idea to study cells carefully.',
  de: 'Die Zelle ist die kleinste Einheit des Lebens. Jedes Lebewesen besteht aus einer oder mehreren Zellen. Unter Photosynthese versteht man die Umwandlung von Lichtenergie in chemische Energie. Der Begriff Zellmembran bezeichnet die dünne Hülle, die die Zelle von ihrer Umgebung trennt. Im Jahr 1665 beschrieb Robert Hooke zum ersten Mal Zellen in Kork.',
  fr: "La cellule est l'unité de base du vivant. Tout organisme vivant est constitué d'une ou plusieurs cellules. On appelle photosynthèse le processus par lequel les plantes transforment la lumière en énergie chimique. La membrane cellulaire désigne la fine couche qui sépare la cellule de son environnement. En 1665, Robert Hooke a décrit pour la première fois des cellules dans du liège.",
  es: 'La célula es la unidad básica de la vida. Todo organismo vivo está formado por una o más células. Se denomina fotosíntesis al proceso por el cual las plantas transforman la luz en energía química. La capa fina que separa la célula de su entorno se denomina membrana celular. El núcleo se refiere a la parte de la célula que guarda el material genético. En 1665, Robert Hooke describió por primera vez células en el corcho.',
  it: "La cellula è l'unità fondamentale della vita. Ogni organismo vivente è formato da una o più cellule. Per fotosintesi si intende il processo con cui le piante trasformano la luce in energia chimica. La membrana cellulare indica il sottile strato che separa la cellula dall'ambiente circostante. Nel 1665 Robert Hooke descrisse per la prima volta le cellule nel sughero.",
  nl: 'De cel is de kleinste eenheid van het leven. Elk levend organisme bestaat uit een of meer cellen. Het proces waarbij planten licht omzetten in chemische energie wordt fotosynthese genoemd. Het celmembraan verwijst naar de dunne laag die de cel van haar omgeving scheidt. In 1665 beschreef Robert Hooke voor het eerst cellen in kurk.',
};

describe('definition cards in each of the six languages', () => {
  it('English: "is", "are" with a relative clause, "refers to"; a question in English', () => {
    expect(pairs(PARAGRAPHS.en, 'en')).toEqual(
      expect.arrayContaining([
        ['definition', 'What is the cell?', 'The basic unit of life'],
        ['definition', 'What is photosynthesis?', 'The process by which plants turn light into chemical energy'],
        ['definition', 'What are mitochondria?', 'Organelles that release energy from food'],
      ]),
    );
  });

  it('German: "ist", "versteht man unter", "bezeichnet"', () => {
    expect(pairs(PARAGRAPHS.de, 'de')).toEqual(
      expect.arrayContaining([
        ['definition', 'Was ist die Zelle?', 'Die kleinste Einheit des Lebens'],
        ['definition', 'Was ist Photosynthese?', 'Die Umwandlung von Lichtenergie in chemische Energie'],
        ['definition', 'Was ist Zellmembran?', 'Die dünne Hülle, die die Zelle von ihrer Umgebung trennt'],
      ]),
    );
  });

  it('French: "est", "on appelle", "désigne"', () => {
    expect(pairs(PARAGRAPHS.fr, 'fr')).toEqual(
      expect.arrayContaining([
        ['definition', 'Qu’est-ce que la cellule ?', "L'unité de base du vivant"],
        [
          'definition',
          'Qu’est-ce que photosynthèse ?',
          'Le processus par lequel les plantes transforment la lumière en énergie chimique',
        ],
        [
          'definition',
          'Qu’est-ce que la membrane cellulaire ?',
          'La fine couche qui sépare la cellule de son environnement',
        ],
      ]),
    );
  });

  it('Spanish: "es", "se denomina" before and after the term, "se refiere a"', () => {
    expect(pairs(PARAGRAPHS.es, 'es')).toEqual(
      expect.arrayContaining([
        ['definition', '¿Qué es la célula?', 'La unidad básica de la vida'],
        [
          'definition',
          '¿Qué es fotosíntesis?',
          'Proceso por el cual las plantas transforman la luz en energía química',
        ],
        ['definition', '¿Qué es membrana celular?', 'La capa fina que separa la célula de su entorno'],
        ['definition', '¿Qué es el núcleo?', 'La parte de la célula que guarda el material genético'],
      ]),
    );
  });

  it('Italian: "è", "si intende", "indica"', () => {
    expect(pairs(PARAGRAPHS.it, 'it')).toEqual(
      expect.arrayContaining([
        ['definition', 'Che cos’è la cellula?', "L'unità fondamentale della vita"],
        [
          'definition',
          'Che cos’è fotosintesi?',
          'Il processo con cui le piante trasformano la luce in energia chimica',
        ],
        [
          'definition',
          'Che cos’è la membrana cellulare?',
          "Il sottile strato che separa la cellula dall'ambiente circostante",
        ],
      ]),
    );
  });

  it('Dutch: "is", "wordt … genoemd", "verwijst naar"', () => {
    expect(pairs(PARAGRAPHS.nl, 'nl')).toEqual(
      expect.arrayContaining([
        ['definition', 'Wat is de cel?', 'De kleinste eenheid van het leven'],
        ['definition', 'Wat is fotosynthese?', 'Het proces waarbij planten licht omzetten in chemische energie'],
        ['definition', 'Wat is het celmembraan?', 'De dunne laag die de cel van haar omgeving scheidt'],
      ]),
    );
  });

  it('does not take "X is important" or a pronoun for a definition', () => {
    const cards = cardsOf(
      'It is a good idea to study cells carefully. This method is the best one we have. Cells are important for all living organisms on earth. Cells are studied with microscopes in every laboratory.',
      'en',
    );
    expect(cards.filter((card) => card.kind === 'definition')).toEqual([]);
  });
});

describe('cloze cards', () => {
  it('blank the key term of a sentence: a term the text repeats, a year', () => {
    for (const [language, blanked] of [
      ['en', ['Every living organism is made of one or more ….', 'cells']],
      ['de', ['Im Jahr … beschrieb Robert Hooke zum ersten Mal Zellen in Kork.', '1665']],
      ['fr', ['En …, Robert Hooke a décrit pour la première fois des cellules dans du liège.', '1665']],
      ['es', ['Todo organismo vivo está formado por una o más ….', 'células']],
      ['it', ['Ogni organismo vivente è formato da una o più ….', 'cellule']],
      ['nl', ['Elk levend organisme bestaat uit een of meer ….', 'cellen']],
    ] as const) {
      expect(pairs(PARAGRAPHS[language], language)).toContainEqual(['cloze', ...blanked]);
    }
  });

  it('blank every occurrence of the term, so the front does not give the answer away', () => {
    const text =
      'Enzymes speed up reactions in the cell. Enzymes are proteins that speed up chemical reactions. Every enzyme has an active site, and the active site binds the substrate of the enzyme reaction.';
    const cloze = cardsOf(text, 'en').filter((card) => card.kind === 'cloze');
    expect(cloze.length).toBeGreaterThan(0);
    for (const card of cloze) expect(card.front.toLowerCase()).not.toContain(card.back.toLowerCase());
  });
});

describe('a deck from passages', () => {
  const passages: CardPassage[] = [
    { text: 'The cell is the basic unit of life. Every living organism is made of one or more cells.', page: 3 },
    { text: 'Mitochondria are organelles that release energy from food. The cell is the basic unit of life.', page: 4 },
    {
      text: 'Photosynthesis refers to the process by which plants turn light into chemical energy. Plants need light for photosynthesis in their leaves.',
      page: 7,
    },
  ];

  it('keeps the passage and page of each card, in text order, without duplicates', () => {
    const cards = builtinCards({ passages, language: 'en', count: 20 });
    expect(cards.map((card) => card.front)).toEqual([
      'What is the cell?',
      'What are mitochondria?',
      'What is photosynthesis?',
      '… need light for photosynthesis in their leaves.',
    ]);
    expect(cards.map((card) => card.page)).toEqual([3, 4, 7, 7]);
    expect(cards[1]?.passage).toBe(passages[1]?.text);
    expect(cards[3]?.back).toBe('Plants');
  });

  it('makes at most `count` cards, the best ones, still in text order', () => {
    const cards = builtinCards({ passages, language: 'en', count: 2 });
    // Definitions first, of the terms the text repeats most: the cell and photosynthesis.
    expect(cards.map((card) => card.front)).toEqual(['What is the cell?', 'What is photosynthesis?']);
  });

  it('makes none from a text without a usable sentence', () => {
    expect(cardsOf('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30', 'en')).toEqual(
      [],
    );
    expect(cardsOf('Hello there. Yes, we can. See you soon, maybe tomorrow or later on.', 'en')).toEqual([]);
  });
});
