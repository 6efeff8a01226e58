import type { DeckCounts, DeckProgress } from '@quire/contracts';
import { useTranslation } from '../../i18n/use-translation';

type Props = {
  counts: DeckCounts;
  /** Reviews per day of the last 30 days; the deck list leaves them out. */
  days?: DeckProgress['days'];
  /** Small in the deck list, with the day bars and a caption in a deck. */
  size?: 'small' | 'full';
};

const SEGMENTS = ['new', 'learning', 'known'] as const;

/**
 * A deck's progress (DESIGN "Show rather than tell"): one stacked bar of new, learning and known cards with a
 * legend, and the reviews of the last 30 days as tiny bars. Each picture has a text alternative in words.
 */
export function ProgressChart({ counts, days, size = 'full' }: Props) {
  const { t } = useTranslation();
  const label = t('cards.chart.label', { new: counts.new, learning: counts.learning, known: counts.known });
  const sum = counts.new + counts.learning + counts.known;
  let offset = 0;
  return (
    <div
      className={`deck-chart deck-chart--${size}`}
      data-testid="deck-chart"
      data-new={counts.new}
      data-learning={counts.learning}
      data-known={counts.known}
    >
      <svg
        className="deck-chart__bar"
        role="img"
        aria-label={label}
        viewBox="0 0 100 10"
        preserveAspectRatio="none"
        data-testid="deck-chart-bar"
      >
        <rect className="deck-chart__track" x="0" y="0" width="100" height="10" />
        {sum > 0 &&
          SEGMENTS.map((segment) => {
            const width = (counts[segment] / sum) * 100;
            const x = offset;
            offset += width;
            return width > 0 ? (
              <rect key={segment} className={`deck-chart__segment--${segment}`} x={x} y="0" width={width} height="10" />
            ) : null;
          })}
      </svg>
      <ul className="deck-chart__legend" aria-hidden="true">
        {SEGMENTS.map((segment) => (
          <li key={segment}>
            <span className={`deck-chart__swatch deck-chart__segment--${segment}`} />
            {t(`cards.chart.${segment}`, { count: counts[segment] })}
          </li>
        ))}
      </ul>
      {days && <ReviewDays days={days} />}
    </div>
  );
}

const DAY_WIDTH = 4;
const DAY_HEIGHT = 24;

/** The reviews per day as tiny bars, the again-answers shaded lighter at their foot. */
function ReviewDays({ days }: { days: DeckProgress['days'] }) {
  const { t } = useTranslation();
  const total = days.reduce((sum, day) => sum + day.reviews, 0);
  const again = days.reduce((sum, day) => sum + day.again, 0);
  const most = Math.max(1, ...days.map((day) => day.reviews));
  const label = t('cards.chart.daysLabel', { days: days.length, total, again });
  return (
    <div className="deck-chart__days">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${days.length * DAY_WIDTH} ${DAY_HEIGHT}`}
        preserveAspectRatio="none"
        data-testid="deck-chart-days"
      >
        <line className="deck-chart__baseline" x1="0" x2={days.length * DAY_WIDTH} y1={DAY_HEIGHT} y2={DAY_HEIGHT} />
        {days.map((day, index) => {
          const height = day.reviews === 0 ? 0 : Math.max(1, (day.reviews / most) * DAY_HEIGHT);
          const againHeight = day.reviews === 0 ? 0 : (day.again / day.reviews) * height;
          const x = index * DAY_WIDTH + 0.5;
          return (
            <g key={day.date}>
              <rect className="deck-chart__day" x={x} y={DAY_HEIGHT - height} width={DAY_WIDTH - 1} height={height} />
              {againHeight > 0 && (
                <rect
                  className="deck-chart__day--again"
                  x={x}
                  y={DAY_HEIGHT - againHeight}
                  width={DAY_WIDTH - 1}
                  height={againHeight}
                />
              )}
            </g>
          );
        })}
      </svg>
      <p className="deck-chart__caption muted" aria-hidden="true">
        {t('cards.chart.daysCaption', { days: days.length, total })}
      </p>
    </div>
  );
}
