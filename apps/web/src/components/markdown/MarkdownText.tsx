import type { Citation } from '@quire/contracts';
import { Fragment, useMemo } from 'react';
import { parseMarkdown, type Span } from '../../lib/markdown';
import { CitationRef } from './CitationRef';
import './markdown-styles';

type Props = {
  text: string;
  citations?: readonly Citation[];
  /** A `[n]` reference was chosen; without it references stay text (a text still streaming in). */
  onCite?: (number: number, citation: Citation, trigger: HTMLButtonElement) => void;
};

/** A generated text as React elements — never HTML: whatever the text holds is shown as text. */
export function MarkdownText({ text, citations = [], onCite }: Props) {
  const blocks = useMemo(() => parseMarkdown(text, citations), [text, citations]);
  return (
    <div className="markdown" data-testid="markdown">
      {blocks.map((block, index) => {
        const key = `${block.kind}-${index}`;
        switch (block.kind) {
          case 'heading': {
            // Results sit under the page's h1 and the result's h2.
            const Heading = (['h3', 'h3', 'h4', 'h5', 'h6', 'h6'] as const)[block.level - 1] ?? 'h6';
            return (
              <Heading key={key} className="markdown__heading">
                <Spans spans={block.spans} onCite={onCite} />
              </Heading>
            );
          }
          case 'paragraph':
            return (
              <p key={key}>
                <Lines lines={block.lines} onCite={onCite} />
              </p>
            );
          case 'quote':
            return (
              <blockquote key={key} className="markdown__quote">
                <p>
                  <Lines lines={block.lines} onCite={onCite} />
                </p>
              </blockquote>
            );
          case 'note':
            return (
              <p key={key} className="markdown__note muted">
                {block.text}
              </p>
            );
          default: {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={key}>
                {block.items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list items of a text have no identity but their place.
                  <li key={itemIndex}>
                    <Spans spans={item} onCite={onCite} />
                  </li>
                ))}
              </List>
            );
          }
        }
      })}
    </div>
  );
}

function Lines({ lines, onCite }: { lines: Span[][]; onCite: Props['onCite'] }) {
  return lines.map((spans, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a paragraph have no identity but their place.
    <Fragment key={index}>
      {index > 0 && <br />}
      <Spans spans={spans} onCite={onCite} />
    </Fragment>
  ));
}

function Spans({ spans, onCite }: { spans: Span[]; onCite: Props['onCite'] }) {
  return spans.map((span, index) => {
    const key = `${span.kind}-${index}`;
    if (span.kind === 'text') {
      if (span.strong) return <strong key={key}>{span.text}</strong>;
      if (span.em) return <em key={key}>{span.text}</em>;
      return <Fragment key={key}>{span.text}</Fragment>;
    }
    return <CitationRef key={key} number={span.number} citation={span.citation} onCite={onCite} />;
  });
}
