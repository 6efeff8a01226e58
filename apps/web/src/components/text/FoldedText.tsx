import { useId, useState } from 'react';

type FoldedTextProps = {
  text: string;
  /** Texts longer than this start folded to a few lines (the CSS of `{block}__abstract--folded`). */
  foldChars: number;
  /** The BEM block its classes belong to: `{block}__abstract`, `{block}__more`. */
  block: string;
  testId: string;
  labels: { more: string; less: string };
};

/** A long text (an abstract) folded to a few lines, with a button that unfolds it and says whether it is. */
export function FoldedText({ text, foldChars, block, testId, labels }: FoldedTextProps) {
  const id = useId();
  const long = text.length > foldChars;
  const [open, setOpen] = useState(false);
  const folded = long && !open;
  return (
    <>
      <p id={id} className={`${block}__abstract${folded ? ` ${block}__abstract--folded` : ''}`} data-testid={testId}>
        {text}
      </p>
      {long && (
        <button
          type="button"
          className={`${block}__more`}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
          data-testid={`${testId}-toggle`}
        >
          {open ? labels.less : labels.more}
        </button>
      )}
    </>
  );
}
