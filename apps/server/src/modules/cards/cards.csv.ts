/**
 * Flashcard files: CSV (RFC 4180) both ways and Anki's plain-text import format. Written here rather than
 * taken from a package: two columns and the quoting rules are all a deck needs.
 */

export type CsvRow = {
  /** 1-based row number in the file, the header counted, for error messages. */ row: number;
  fields: string[];
};

/**
 * The rows of a CSV text: fields in double quotes may hold the delimiter, line breaks and `""` for a quote;
 * lines end in CRLF or LF. The delimiter is a comma, or a semicolon (as spreadsheets in much of Europe save)
 * or a tab when the first line has no comma but one of those. A byte-order mark is ignored.
 */
export function parseCsv(text: string): CsvRow[] {
  const input = text.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(input);
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let row = 1;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push({ row, fields });
    fields = [];
    row += 1;
  };
  for (let index = 0; index < input.length; index++) {
    const char = input[index] as string;
    if (quoted) {
      if (char !== '"') field += char;
      else if (input[index + 1] === '"') {
        field += '"';
        index++;
      } else quoted = false;
    } else if (char === '"' && field.trim() === '') {
      // A quote opens a quoted field only at its start (spaces before it are dropped); elsewhere it is text.
      field = '';
      quoted = true;
    } else if (char === delimiter) endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[index + 1] === '\n') index++;
      endRow();
    } else field += char;
  }
  if (field !== '' || fields.length > 0 || quoted) endRow();
  return rows;
}

/** Header rows a deck file may start with: ours, Anki's, and the words for front/back of the six languages. */
const HEADER_ROWS = [
  ['front', 'back'],
  ['question', 'answer'],
  ['vorderseite', 'rückseite'],
  ['frage', 'antwort'],
  ['recto', 'verso'],
  ['question', 'réponse'],
  ['anverso', 'reverso'],
  ['pregunta', 'respuesta'],
  ['fronte', 'retro'],
  ['domanda', 'risposta'],
  ['voorkant', 'achterkant'],
  ['vraag', 'antwoord'],
].map((pair) => pair.join('\t'));

export type CardRow = { row: number; front: string; back: string };

/**
 * The cards of a CSV text: the first two columns, trimmed; rows with neither are skipped, and so is a
 * first row that is a header (front,back in any of the six languages).
 */
export function cardRows(text: string): CardRow[] {
  const rows = parseCsv(text)
    .map(({ row, fields }) => ({ row, front: (fields[0] ?? '').trim(), back: (fields[1] ?? '').trim() }))
    .filter((card) => card.front !== '' || card.back !== '');
  const first = rows[0];
  if (first && HEADER_ROWS.includes(`${first.front}\t${first.back}`.toLocaleLowerCase())) rows.shift();
  return rows;
}

function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

/** A CSV text with a `front,back` header row, fields quoted where RFC 4180 requires it, CRLF line ends. */
export function writeCsv(cards: readonly { front: string; back: string }[]): string {
  const lines = [['front', 'back'], ...cards.map((card) => [card.front, card.back])];
  return `${lines.map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Anki's text import (File → Import): header lines name the separator and columns, then one card per line.
 * Fields can hold neither tabs nor line breaks there, so both become a space.
 */
export function writeAnki(cards: readonly { front: string; back: string }[]): string {
  const header = ['#separator:tab', '#html:false', '#columns:Front\tBack'];
  const lines = cards.map((card) => `${ankiField(card.front)}\t${ankiField(card.back)}`);
  return `${[...header, ...lines].join('\n')}\n`;
}

function ankiField(value: string): string {
  return value.replace(/\r\n|[\t\r\n]/g, ' ');
}

/**
 * A file name for a deck, safe in a Content-Disposition header and on every file system: letters without
 * accents, digits, spaces, dots, dashes and underscores; anything else becomes an underscore.
 */
export function safeFileName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[\s._]+|[\s._]+$/g, '')
    .slice(0, 80)
    .trim();
  return plain || 'deck';
}
