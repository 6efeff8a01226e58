import type { GenerationResult } from '@quire/contracts';
import { DOCX_TYPE } from './download';
import { type MarkdownBlock, parseMarkdown, type Span } from './markdown';

const MARKDOWN_TYPE = 'text/markdown;charset=utf-8';

/** The file name of an export: the tool and the day it was written, e.g. `write-chapter-2026-03-03.md`. */
export function exportFilename(
  result: Pick<GenerationResult, 'slug' | 'created_at'>,
  extension: 'md' | 'docx',
): string {
  return `${result.slug}-${result.created_at.slice(0, 10)}.${extension}`;
}

/** The result as a Markdown file: its text as written, with the reference list it carries. */
export function markdownExport(result: Pick<GenerationResult, 'text'>): Blob {
  const text = result.text.endsWith('\n') ? result.text : `${result.text}\n`;
  return new Blob([text], { type: MARKDOWN_TYPE });
}

/**
 * The result as a Word document: headings, paragraphs, lists, quotes and emphasis of its Markdown. The `docx`
 * library is loaded only now, so no page carries it until someone exports.
 */
export async function docxExport(result: Pick<GenerationResult, 'text' | 'citations'>): Promise<Blob> {
  const docx = await import('docx');
  const runs = (spans: readonly Span[], extra: { italics?: boolean } = {}) =>
    spans.map((span) =>
      span.kind === 'cite'
        ? new docx.TextRun({ text: `[${span.number}]`, ...extra })
        : new docx.TextRun({ text: span.text, bold: span.strong, italics: span.em || extra.italics }),
    );
  const headings = [
    docx.HeadingLevel.HEADING_1,
    docx.HeadingLevel.HEADING_2,
    docx.HeadingLevel.HEADING_3,
    docx.HeadingLevel.HEADING_4,
    docx.HeadingLevel.HEADING_5,
    docx.HeadingLevel.HEADING_6,
  ];
  let lists = 0;
  const paragraphs = parseMarkdown(result.text, result.citations).flatMap((block: MarkdownBlock) => {
    switch (block.kind) {
      case 'heading':
        return [new docx.Paragraph({ heading: headings[block.level - 1], children: runs(block.spans) })];
      case 'paragraph':
        return [
          new docx.Paragraph({ children: block.lines.flatMap((line, index) => withBreak(docx, runs(line), index)) }),
        ];
      case 'quote':
        return block.lines.map(
          (line) => new docx.Paragraph({ indent: { left: 720 }, children: runs(line, { italics: true }) }),
        );
      case 'note':
        return [new docx.Paragraph({ children: [new docx.TextRun({ text: block.text, italics: true })] })];
      default: {
        lists += 1;
        const instance = lists;
        return block.items.map(
          (item) =>
            new docx.Paragraph({
              children: runs(item),
              ...(block.ordered
                ? { numbering: { reference: 'numbered', level: 0, instance } }
                : { bullet: { level: 0 } }),
            }),
        );
      }
    }
  });
  const document = new docx.Document({
    numbering: {
      config: [
        {
          reference: 'numbered',
          levels: [{ level: 0, format: docx.LevelFormat.DECIMAL, text: '%1.', alignment: docx.AlignmentType.START }],
        },
      ],
    },
    sections: [{ children: paragraphs }],
  });
  const blob = await docx.Packer.toBlob(document);
  return blob.type ? blob : new Blob([blob], { type: DOCX_TYPE });
}

function withBreak(docx: typeof import('docx'), runs: InstanceType<typeof docx.TextRun>[], index: number) {
  return index === 0 ? runs : [new docx.TextRun({ text: '', break: 1 }), ...runs];
}
