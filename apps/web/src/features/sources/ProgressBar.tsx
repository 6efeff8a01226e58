type Props = {
  /** 0 to 100. */
  value: number;
  /** What is progressing, as its accessible name ("Upload of thesis.pdf"). */
  label: string;
  /** The state in words ("Uploading 40%"), read out instead of a bare number. */
  valueText: string;
  testId?: string;
};

/** A thin bar, black on grey, for an upload or for reading a source (DESIGN "Show rather than tell"). */
export function ProgressBar({ value, label, valueText, testId }: Props) {
  const percent = Math.round(Math.min(Math.max(value, 0), 100));
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      data-testid={testId}
    >
      <div className="progress-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
