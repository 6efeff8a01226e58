import { describe, expect, it } from 'vitest';
import { cardRows, parseCsv, safeFileName, writeAnki, writeCsv } from './cards.csv';

const fields = (text: string) => parseCsv(text).map((row) => row.fields);

describe('parseCsv', () => {
  it('reads quoted fields with commas, line breaks and doubled quotes, and CRLF line ends', () => {
    expect(fields('front,back\r\n"a, b","say ""hi""\r\nthen go"\r\nplain,row\r\n')).toEqual([
      ['front', 'back'],
      ['a, b', 'say "hi"\r\nthen go'],
      ['plain', 'row'],
    ]);
  });

  it('numbers rows as a spreadsheet does, a quoted line break staying in its row', () => {
    expect(parseCsv('h1,h2\n"x\ny",z\nlast,one').map((row) => row.row)).toEqual([1, 2, 3]);
  });

  it('takes semicolons as the delimiter when the first line has no comma', () => {
    expect(fields('Frage;Antwort\nWas ist 2+2?;"vier; sicher"\nText, mit Komma;ja\n')).toEqual([
      ['Frage', 'Antwort'],
      ['Was ist 2+2?', 'vier; sicher'],
      ['Text, mit Komma', 'ja'],
    ]);
  });

  it('takes tabs when the first line has neither, and ignores a byte-order mark', () => {
    expect(fields('\uFEFFone\ttwo\nthree\tfour')).toEqual([
      ['one', 'two'],
      ['three', 'four'],
    ]);
  });

  it('keeps an unterminated quoted field to the end rather than losing it', () => {
    expect(fields('a,"never closed\nstill inside')).toEqual([['a', 'never closed\nstill inside']]);
  });
});

describe('cardRows', () => {
  it('skips a header row in any of the six languages, and empty rows', () => {
    for (const header of [
      'front,back',
      'Front,Back',
      'Vorderseite,Rückseite',
      'recto,verso',
      'Anverso,Reverso',
      'fronte,retro',
      'voorkant,achterkant',
      'Question,Answer',
    ]) {
      expect(cardRows(`${header}\n\nQ1,A1\n,\n  ,  \nQ2,A2\n`)).toEqual([
        { row: 3, front: 'Q1', back: 'A1' },
        { row: 6, front: 'Q2', back: 'A2' },
      ]);
    }
  });

  it('keeps a first row that is a card, trims fields and ignores extra columns', () => {
    expect(cardRows(' What is a cell? , The basic unit of life ,extra\n')).toEqual([
      { row: 1, front: 'What is a cell?', back: 'The basic unit of life' },
    ]);
  });

  it('keeps a row with only one side, for the caller to report', () => {
    expect(cardRows('front,back\nonly a front,\n')).toEqual([{ row: 2, front: 'only a front', back: '' }]);
  });
});

describe('writeCsv', () => {
  const cards = [
    { front: 'What is a cell?', back: 'The basic unit of life' },
    { front: 'Comma, "quote"', back: 'Line one\nline two' },
  ];

  it('writes a front,back header and quotes only fields that need it', () => {
    expect(writeCsv(cards)).toBe(
      'front,back\r\nWhat is a cell?,The basic unit of life\r\n"Comma, ""quote""","Line one\nline two"\r\n',
    );
  });

  it('reads back as the same cards', () => {
    expect(cardRows(writeCsv(cards)).map(({ front, back }) => ({ front, back }))).toEqual(cards);
  });
});

describe('writeAnki', () => {
  it('writes the header lines Anki reads, one card per line, tabs and line breaks made spaces', () => {
    expect(writeAnki([{ front: 'A\tB', back: 'one\r\ntwo\nthree' }]).split('\n')).toEqual([
      '#separator:tab',
      '#html:false',
      '#columns:Front\tBack',
      'A B\tone two three',
      '',
    ]);
  });
});

describe('safeFileName', () => {
  it('keeps letters without accents, digits and a few marks, and never comes out empty', () => {
    expect(safeFileName('Zellbiologie: Grundlagen & Übungen')).toBe('Zellbiologie_ Grundlagen _ Ubungen');
    expect(safeFileName('../"evil"\r\nname')).toBe('evil_name');
    expect(safeFileName('光合作用')).toBe('deck');
  });
});
