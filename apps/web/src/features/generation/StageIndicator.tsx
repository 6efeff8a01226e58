import { GenerationStage } from '@quire/contracts';
import { useTranslation } from '../../i18n/use-translation';

const ORDER = GenerationStage.options;

/**
 * The stages of a run as a stepper (DESIGN "A tool page"): those reached, the one under way, and those still
 * ahead in spec §4 order. Stages a tool skips are left out once it has passed them.
 */
export function StageIndicator({ reached, running }: { reached: readonly GenerationStage[]; running: boolean }) {
  const { t } = useTranslation();
  const current = reached.at(-1);
  const currentIndex = current ? ORDER.indexOf(current) : -1;
  const ahead = ORDER.filter((stage, index) => index > currentIndex && !reached.includes(stage));
  const shown = [...reached, ...(running ? ahead : [])];
  return (
    <div className="stages">
      <ol className="stages__list" aria-label={t('generation.stages.label')} data-testid="stages">
        {shown.map((stage) => {
          const state = stage === current && running ? 'current' : reached.includes(stage) ? 'done' : 'pending';
          return (
            <li
              key={stage}
              className={`stages__item stages__item--${state}`}
              data-stage={stage}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stages__marker" aria-hidden="true">
                {state === 'done' ? '✓' : state === 'current' ? <span className="spinner" /> : ''}
              </span>
              <span>{t(`generation.stages.${stage}`)}</span>
              {state !== 'current' && (
                <span className="visually-hidden"> ({t(`generation.stages.states.${state}`)})</span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" role="status" data-testid="stage-status">
        {running && current ? t(`generation.stages.${current}`) : ''}
      </p>
    </div>
  );
}
