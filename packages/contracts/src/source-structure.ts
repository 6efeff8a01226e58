import { z } from 'zod';

/**
 * A paper read as a paper (issue #27 item 2): its front matter, headings, paragraphs, captions, footnotes and
 * reference list, and every sentence with the page and place it came from, so quotes and citations can point
 * at it. The server builds it from the PDF's layout; the source view shows it.
 */

/** A rectangle on a page in PDF points, origin at the page's top left, y growing downwards. */
export const StructureBox = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });
export type StructureBox = z.infer<typeof StructureBox>;

export const SENTENCE_KINDS = [
  'title',
  'author',
  'affiliation',
  'abstract',
  'keywords',
  'heading',
  'body',
  'caption',
  'footnote',
  'reference',
] as const;
export const SentenceKind = z.enum(SENTENCE_KINDS);
export type SentenceKind = z.infer<typeof SentenceKind>;

const page = z.number().int().min(1);

/** One sentence (or one name, heading, keyword line, reference entry) where it is printed. */
export const StructureSentence = z.object({
  text: z.string(),
  /** The page the sentence starts on. */
  page,
  /** The page it ends on: later than `page` when it runs over a page break. */
  pageEnd: page,
  /** Its lines on `page`, as one rectangle. */
  box: StructureBox,
  kind: SentenceKind,
});
export type StructureSentence = z.infer<typeof StructureSentence>;

export const StructureHeading = z.object({
  text: z.string(),
  /** "2.1" of "2.1 Data", null for an unnumbered heading. */
  number: z.string().nullable(),
  /** 1 for a section, 2 for a subsection, … */
  level: z.number().int().min(1).max(6),
  page,
});
export type StructureHeading = z.infer<typeof StructureHeading>;

export const StructureParagraph = z.object({ text: z.string(), page, pageEnd: page });
export type StructureParagraph = z.infer<typeof StructureParagraph>;

export const StructureCaption = z.object({
  kind: z.enum(['figure', 'table']),
  /** "Figure 3", "Tabla 2". */
  label: z.string(),
  text: z.string(),
  page,
});
export type StructureCaption = z.infer<typeof StructureCaption>;

export const StructureFootnote = z.object({ marker: z.string().nullable(), text: z.string(), page });
export type StructureFootnote = z.infer<typeof StructureFootnote>;

/** One entry of the reference list, parsed where its style allows. */
export const StructureReference = z.object({
  /** "1" of "[1]" or "1.", null in author–year lists. */
  label: z.string().nullable(),
  text: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  title: z.string().nullable(),
  venue: z.string().nullable(),
  doi: z.string().nullable(),
  page,
});
export type StructureReference = z.infer<typeof StructureReference>;

export const DocumentStructure = z.object({
  title: z.string().nullable(),
  /** Full names as printed, markers stripped, particles kept ("Ivo H. M. van Stokkum"). */
  authors: z.array(z.string()),
  affiliations: z.array(z.string()),
  abstract: z.string().nullable(),
  keywords: z.array(z.string()),
  /** Lower-case DOI printed on the first pages, without the https://doi.org/ prefix. */
  doi: z.string().nullable(),
  /** The publication year printed on the first pages. */
  year: z.number().int().nullable(),
  /** ISO 639-1 language of the body, when it can be told. */
  language: z.string().nullable(),
  headings: z.array(StructureHeading),
  paragraphs: z.array(StructureParagraph),
  captions: z.array(StructureCaption),
  footnotes: z.array(StructureFootnote),
  references: z.array(StructureReference),
  sentences: z.array(StructureSentence),
});
export type DocumentStructure = z.infer<typeof DocumentStructure>;

/**
 * What the source view shows of a structure: all but its paragraphs and sentences, which repeat the document's
 * text (megabytes for a book) and are kept on the server for retrieval and quoting.
 */
export const DocumentOutline = DocumentStructure.omit({ paragraphs: true, sentences: true });
export type DocumentOutline = z.infer<typeof DocumentOutline>;

/** Where a metadata field came from: a catalogue that knows the DOI, or the paper's own pages. */
export const MetadataOrigin = z.enum(['crossref', 'openalex', 'structure']);
export type MetadataOrigin = z.infer<typeof MetadataOrigin>;

const field = <T extends z.ZodType>(value: T) => z.object({ value: value.nullable(), source: MetadataOrigin });

/** A document's bibliographic data, each field with its origin (issue #27 item 3). */
export const VerifiedMetadata = z.object({
  doi: z.string().nullable(),
  title: field(z.string()),
  authors: z.object({ value: z.array(z.string()), source: MetadataOrigin }),
  year: field(z.number().int()),
  venue: field(z.string()),
  volume: field(z.string()),
  issue: field(z.string()),
  pages: field(z.string()),
  publisher: field(z.string()),
});
export type VerifiedMetadata = z.infer<typeof VerifiedMetadata>;
