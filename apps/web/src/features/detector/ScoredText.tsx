import type { DetectorBand, DetectorResult } from '@quire/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { percent } from './format';

/**
 * The analysed text with each sentence marked by its band: a background shade and a line style together, and the
 * band with its score spelled out for screen readers, so colour is never the only cue. Text between sentences
 * (spaces, line breaks) is kept as it was.
 */
export function ScoredText({ text, sentences }: { text: string; sentences: DetectorResult['sentences'] }) {
  const { t, language: uiLanguage } = useTranslation();
  const pieces: ReactNode[] = [];
  let cursor = 0;
  for (const sentence of sentences) {
    if (sentence.offset > cursor) pieces.push(text.slice(cursor, sentence.offset));
    const score = percent(sentence.score, uiLanguage);
    const label = t('detector.result.sentenceLabel', { band: t(`detector.bands.${sentence.band}`), score });
    pieces.push(
      <mark
        key={sentence.offset}
        className={`detector__sentence detector__sentence--${sentence.band}`}
        data-band={sentence.band}
        title={label}
        data-testid="detector-sentence"
      >
        {text.slice(sentence.offset, sentence.offset + sentence.length)}
        <span className="visually-hidden"> ({label})</span>
      </mark>,
    );
    cursor = sentence.offset + sentence.length;
  }
  if (cursor < text.length) pieces.push(text.slice(cursor));
  return (
    <div className="detector__text" data-testid="detector-scored-text">
      {pieces}
    </div>
  );
}

const BANDS: DetectorBand[] = ['low', 'medium', 'high'];

/** The three bands with their swatch (shade and line, as the sentences show them), name and score range. */
export function BandLegend({ floors }: { floors: { medium: number; high: number } }) {
  const { t, language: uiLanguage } = useTranslation();
  const range = (band: DetectorBand) => {
    const from = band === 'low' ? 0 : floors[band];
    const to = band === 'low' ? floors.medium : band === 'medium' ? floors.high : 1;
    return t('detector.legend.range', { from: percent(from, uiLanguage), to: percent(to, uiLanguage) });
  };
  return (
    <div className="detector__legend" data-testid="detector-legend">
      <h3>{t('detector.legend.title')}</h3>
      <ul>
        {BANDS.map((band) => (
          <li key={band}>
            <span className={`detector__swatch detector__sentence--${band}`} aria-hidden="true">
              Aa
            </span>
            <span>
              <strong>{t(`detector.bands.${band}`)}</strong> <span className="muted">{range(band)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
