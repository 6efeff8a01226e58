import type { Citation } from '@quire/contracts';
import { Fragment, useMemo } from 'react';
import { CitationRef } from '../../components/markdown/CitationRef';
import { type Inline, parseAnswer } from './parse-answer';

type Props = {
  content: string;
  citations: readonly Citation[];
  /** A `[n]` reference was chosen; without it references stay text (an answer still streaming in). */
  onCite?: (number: number, citation: Citation, trigger: HTMLButtonElement) => void;
};

/**
 * An answer's text as React elements — paragraphs, quotes, the engine's note and `[n]` buttons that open the
 * cited passage. Never HTML: whatever the content holds is shown as text.
 */
export function AnswerContent({ content, citations, onCite }: Props) {
  const blocks = useMemo(() => parseAnswer(content, citations), [content, citations]);
  return (
    <div className="answer">
      {blocks.map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === 'note')
          return (
            <p key={key} className="answer__note muted">
              {block.text}
            </p>
          );
        return block.kind === 'quote' ? (
          <blockquote key={key} className="answer__quote">
            <p>
              <Lines lines={block.lines} onCite={onCite} />
            </p>
          </blockquote>
        ) : (
          <p key={key} className="answer__paragraph">
            <Lines lines={block.lines} onCite={onCite} />
          </p>
        );
      })}
    </div>
  );
}

function Lines({ lines, onCite }: { lines: Inline[][]; onCite: Props['onCite'] }) {
  return lines.map((parts, lineIndex) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a text have no identity but their place.
    <Fragment key={lineIndex}>
      {lineIndex > 0 && <br />}
      {parts.map((part, partIndex) => {
        const key = `${lineIndex}-${partIndex}`;
        if (part.kind === 'text') return <Fragment key={key}>{part.text}</Fragment>;
        return <CitationRef key={key} number={part.number} citation={part.citation} onCite={onCite} />;
      })}
    </Fragment>
  ));
}
