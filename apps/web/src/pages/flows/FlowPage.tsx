import { FLOW_DEFINITIONS, type FlowSlug, type GenerationSlug } from '@quire/contracts';
import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/use-translation';
import { importWithReload } from '../../lib/chunk-reload';
import '../../features/tools/tools-styles';

const GenerationTool = lazy(() =>
  importWithReload(() => import('../../features/generation/GenerationTool')).then((module) => ({
    default: module.GenerationTool,
  })),
);

/**
 * A flow (/flow/{flow}; the loader has already checked the slug): its steps in order as tabs, each step's tool
 * worked through in place. The summarize flow: summarize a text, then summarize a source (spec §2).
 */
export function FlowPage() {
  const { t } = useTranslation();
  const id = useId();
  const slug = useParams().flow as FlowSlug;
  const steps = FLOW_DEFINITIONS[slug].steps as GenerationSlug[];
  const [index, setIndex] = useState(0);
  const [visited, setVisited] = useState<number[]>([0]);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const title = t(`flows.${slug}.title`);

  function select(position: number) {
    setIndex(position);
    setVisited((list) => (list.includes(position) ? list : [...list, position]));
  }

  function onKey(event: KeyboardEvent<HTMLButtonElement>) {
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % steps.length
        : event.key === 'ArrowLeft'
          ? (index + steps.length - 1) % steps.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? steps.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    select(next);
    tabs.current[next]?.focus();
  }

  return (
    <article className="page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t(`flows.${slug}.description`)}</p>
      <div className="flow-tabs" role="tablist" aria-label={t('generation.flow.stepsLabel')}>
        {steps.map((candidate, position) => (
          <button
            key={candidate}
            ref={(element) => {
              tabs.current[position] = element;
            }}
            id={`${id}-tab-${position}`}
            type="button"
            role="tab"
            className="flow-tabs__tab"
            aria-selected={position === index}
            aria-controls={`${id}-panel-${position}`}
            tabIndex={position === index ? 0 : -1}
            onClick={() => select(position)}
            onKeyDown={onKey}
            data-testid="flow-step"
            data-step={candidate}
          >
            {t('generation.flow.step', { number: position + 1 })}: {t(`tools.${candidate}.title`)}
          </button>
        ))}
      </div>
      {steps.map((candidate, position) => (
        <section
          key={candidate}
          id={`${id}-panel-${position}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${position}`}
          hidden={position !== index}
          data-testid="flow-panel"
        >
          {/* A step is mounted once opened and then kept, so its inputs and a run under way survive a switch. */}
          {visited.includes(position) && (
            <>
              <p className="muted">{t(`tools.${candidate}.description`)}</p>
              <Suspense
                fallback={
                  <p className="muted" role="status">
                    <span className="spinner" aria-hidden="true" />
                    {t('common.loading')}
                  </p>
                }
              >
                <GenerationTool slug={candidate} />
              </Suspense>
            </>
          )}
        </section>
      ))}
    </article>
  );
}
