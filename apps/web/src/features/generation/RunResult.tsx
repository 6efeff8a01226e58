import { MarkdownText } from '../../components/markdown/MarkdownText';
import { useTranslation } from '../../i18n/use-translation';
import { ResultView } from './ResultView';
import type { RunState } from './run.state';
import { StageIndicator } from './StageIndicator';

type Props = {
  /** The section's id: opening a result from the history moves the focus here. */
  id: string;
  run: RunState;
  onCancel: () => void;
  /** The tool's own words for these states. */
  labels: { cancel: string; cancelled: string; placeholder: string };
};

/**
 * A run's panel for the writing tools and own applications: its stages and the text streaming in (with
 * "cancel"), then the result, the failure or the cancellation; before a run, a placeholder.
 */
export function RunResult({ id, run, onCancel, labels }: Props) {
  const { t } = useTranslation();
  const running = run.status === 'running';
  return (
    <section
      id={id}
      className="generation__result"
      tabIndex={-1}
      aria-label={t('generation.result.label')}
      aria-busy={running}
      data-testid="run"
      data-status={run.status}
    >
      {running && (
        <>
          <StageIndicator reached={run.stages} running />
          {run.text && <MarkdownText text={run.text} />}
          <button type="button" className="button button--secondary" onClick={onCancel} data-testid="cancel">
            {labels.cancel}
          </button>
        </>
      )}
      {run.status === 'done' && run.result && <ResultView result={run.result} />}
      {run.status === 'failed' && run.error && (
        <div className="notice notice--error" role="alert" data-testid="run-error">
          <p>{run.error}</p>
        </div>
      )}
      {run.status === 'cancelled' && (
        <p className="notice" role="status" data-testid="run-cancelled">
          {labels.cancelled}
        </p>
      )}
      {run.status === 'idle' && <p className="generation__placeholder muted">{labels.placeholder}</p>}
    </section>
  );
}
