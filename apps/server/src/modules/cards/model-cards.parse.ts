import { z } from 'zod';

/** A card as the model wrote it, before it is checked against its passage. */
export type ProposedCard = { question: string; answer: string; passage: number };

const text = z.string().trim().min(1);
/** The names models use for the three fields, besides the ones they were asked for. */
const Proposal = z
  .object({
    question: text.optional(),
    q: text.optional(),
    front: text.optional(),
    answer: text.optional(),
    a: text.optional(),
    back: text.optional(),
    passage: z.union([z.number(), z.string()]).optional(),
    p: z.union([z.number(), z.string()]).optional(),
    source: z.union([z.number(), z.string()]).optional(),
  })
  .transform((card) => ({
    question: card.question ?? card.q ?? card.front,
    answer: card.answer ?? card.a ?? card.back,
    passage: passageNumber(card.passage ?? card.p ?? card.source),
  }));

/**
 * The cards in a model's answer: a JSON array (also inside `{"cards": […]}`), JSON lines, or an array cut
 * off in the middle — every complete `{…}` object is read on its own, so one broken card loses only itself.
 * Code fences and words around the JSON are ignored; objects without a question, an answer and a passage
 * number are dropped.
 */
export function parseProposedCards(answer: string): ProposedCard[] {
  return jsonObjects(answer).flatMap((object) => {
    const parsed = Proposal.safeParse(object);
    if (!parsed.success) return [];
    const { question, answer: back, passage } = parsed.data;
    return question && back && passage !== null ? [{ question, answer: back, passage }] : [];
  });
}

function passageNumber(value: number | string | undefined): number | null {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').match(/\d+/)?.[0] ?? Number.NaN);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * Every outermost `{…}` in the text that parses as JSON, found by matching braces outside strings; an
 * object holding a `cards` array gives its cards instead.
 */
function jsonObjects(answer: string): unknown[] {
  const found: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let index = 0; index < answer.length; index++) {
    const char = answer[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = depth > 0;
    else if (char === '{') {
      if (depth === 0) start = index;
      depth++;
    } else if (char === '}' && depth > 0 && --depth === 0) {
      found.push(...unwrap(parse(answer.slice(start, index + 1))));
    }
  }
  return found;
}

function unwrap(value: unknown): unknown[] {
  if (value === undefined) return [];
  const cards =
    (value as { cards?: unknown; flashcards?: unknown }).cards ?? (value as { flashcards?: unknown }).flashcards;
  return Array.isArray(cards) ? cards : [value];
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
