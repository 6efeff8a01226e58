import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLocale } from '../../i18n/i18n';
import { render, screen } from '../../test/render';
import { ProgressChart } from './ProgressChart';

const COUNTS = { total: 20, new: 12, learning: 3, known: 5, due: 14 };

beforeAll(async () => {
  await ensureLocale('en', 'full');
});

describe('ProgressChart', () => {
  it('names new, learning and known cards in its text alternative and legend, bars in proportion', () => {
    render(<ProgressChart counts={COUNTS} size="small" />);
    const bar = screen.getByTestId('deck-chart-bar');
    expect(bar.getAttribute('role')).toBe('img');
    expect(bar.getAttribute('aria-label')).toBe('12 new, 3 learning, 5 known');
    expect(screen.getByTestId('deck-chart').textContent).toContain('Learning: 3');
    const widths = [...bar.querySelectorAll('rect[class^="deck-chart__segment"]')].map((rect) =>
      Number(rect.getAttribute('width')),
    );
    expect(widths).toEqual([60, 15, 25]);
    expect(screen.queryByTestId('deck-chart-days')).toBeNull();
  });

  it('draws an empty deck without segments', () => {
    render(<ProgressChart counts={{ total: 0, new: 0, learning: 0, known: 0, due: 0 }} />);
    expect(screen.getByTestId('deck-chart-bar').getAttribute('aria-label')).toBe('0 new, 0 learning, 0 known');
    expect(screen.getByTestId('deck-chart-bar').querySelectorAll('rect')).toHaveLength(1);
  });

  it('shows the reviews of the last 30 days as bars with their sum in words', () => {
    const days = Array.from({ length: 30 }, (_, index) => ({
      date: new Date(Date.UTC(2026, 1, 9 + index)).toISOString().slice(0, 10),
      reviews: index === 29 ? 8 : index === 28 ? 4 : 0,
      again: index === 29 ? 2 : 0,
    }));
    render(<ProgressChart counts={COUNTS} days={days} />);
    const chart = screen.getByTestId('deck-chart-days');
    expect(chart.getAttribute('aria-label')).toBe('Reviews in the last 30 days: 12, of which 2 answered “again”');
    const heights = [...chart.querySelectorAll('.deck-chart__day')].map((rect) => Number(rect.getAttribute('height')));
    expect(heights.slice(-2)).toEqual([12, 24]);
  });
});
