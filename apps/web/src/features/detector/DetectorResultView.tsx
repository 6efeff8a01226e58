import { DETECTOR_BAND_FLOORS, type DetectorResult, LOCALE_INFO } from '@quire/contracts';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { measurement, percent } from './format';
import { BandLegend, ScoredText } from './ScoredText';

/**
 * A finished analysis: the overall score as a gauge with its band, what scored it, notices, the text with its
 * sentences marked and a legend, and each signal with a plain note on what it measured.
 */
export function DetectorResultView({ text, result }: { text: string; result: DetectorResult }) {
  const { t, language: uiLanguage } = useTranslation();
  const id = useId();
  const overall = percent(result.overall, uiLanguage);
  const language = LOCALE_INFO[result.language].title;
  return (
    <section className="detector__result" aria-labelledby={id} data-testid="detector-result">
      <h2 id={id}>{t('detector.result.title')}</h2>
      <div className="detector__overall" data-band={result.overall_band} data-testid="detector-overall">
        <span className="detector__overall-figure">{overall}</span>
        <div className="detector__overall-body">
          <meter
            className="detector__gauge"
            min={0}
            max={1}
            low={DETECTOR_BAND_FLOORS.medium}
            high={DETECTOR_BAND_FLOORS.high}
            optimum={0}
            value={result.overall}
            aria-label={t('detector.result.gaugeLabel', { score: overall })}
          />
          <p>{t('detector.result.overall', { score: overall, band: t(`detector.bands.${result.overall_band}`) })}</p>
        </div>
      </div>
      <p className="muted" data-testid="detector-engine">
        {result.engine.kind === 'model'
          ? t('detector.result.engineModel', { model: result.engine.model })
          : t('detector.result.engineBuiltin')}{' '}
        · {t(result.language_detected ? 'detector.result.detected' : 'detector.result.language', { language })} ·{' '}
        {t('detector.result.words', { count: result.words })}
      </p>
      {result.notices.length > 0 && (
        <ul className="notice" data-testid="detector-notices">
          {result.notices.map((notice) => (
            <li key={notice.code}>{t(`detector.notices.${notice.code}`)}</li>
          ))}
        </ul>
      )}
      <BandLegend floors={DETECTOR_BAND_FLOORS} />
      <ScoredText text={text} sentences={result.sentences} />
      <h3>{t('detector.signals.title')}</h3>
      <ul className="detector__signals" data-testid="detector-signals">
        {result.signals.map((signal) => (
          <li key={signal.name} data-note={signal.note}>
            <div className="detector__signal-head">
              <strong>{t(`detector.signals.${signal.name}.name`)}</strong>
              <span className="muted">{measurement(signal.value, uiLanguage)}</span>
            </div>
            <div className="detector__signal-bar" aria-hidden="true">
              <span style={{ width: `${Math.round(signal.score * 100)}%` }} />
            </div>
            <p>
              {t(`detector.signals.${signal.name}.about`)} <em>{t(`detector.notes.${signal.note}`)}</em>{' '}
              <span className="muted">
                {t('detector.signals.weight', { weight: percent(signal.weight, uiLanguage) })}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
