import { describe, expect, it } from 'vitest';
import { addMonthsClamped, periodEnd, wordsPeriodStart, wordsResetAt } from './words-period';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('addMonthsClamped', () => {
  it('keeps the day and time of day', () => {
    expect(iso(addMonthsClamped(at('2025-03-15T10:30:00.000Z'), 1))).toBe('2025-04-15T10:30:00.000Z');
  });

  it('falls on the last day of shorter months, in leap years on 29 February', () => {
    expect(iso(addMonthsClamped(at('2025-01-31T08:00:00.000Z'), 1))).toBe('2025-02-28T08:00:00.000Z');
    expect(iso(addMonthsClamped(at('2024-01-31T08:00:00.000Z'), 1))).toBe('2024-02-29T08:00:00.000Z');
    expect(iso(addMonthsClamped(at('2025-03-31T08:00:00.000Z'), 1))).toBe('2025-04-30T08:00:00.000Z');
  });

  it('counts from the anchor, so the 31st comes back after a short month', () => {
    expect(iso(addMonthsClamped(at('2025-01-31T08:00:00.000Z'), 2))).toBe('2025-03-31T08:00:00.000Z');
  });

  it('crosses years, and a leap day yearly falls on 28 February', () => {
    expect(iso(addMonthsClamped(at('2025-11-30T00:00:00.000Z'), 3))).toBe('2026-02-28T00:00:00.000Z');
    expect(iso(periodEnd(at('2024-02-29T12:00:00.000Z'), 'yearly'))).toBe('2025-02-28T12:00:00.000Z');
  });
});

describe('wordsPeriodStart and wordsResetAt', () => {
  it('on the free plan follow the calendar month', () => {
    const now = at('2025-02-14T17:00:00.000Z');
    expect(iso(wordsPeriodStart(null, now))).toBe('2025-02-01T00:00:00.000Z');
    expect(iso(wordsResetAt(null, now))).toBe('2025-03-01T00:00:00.000Z');
    expect(iso(wordsResetAt(null, at('2025-12-31T23:59:59.000Z')))).toBe('2026-01-01T00:00:00.000Z');
  });

  it('on a subscription follow its anniversary, the last day of shorter months for the 31st', () => {
    const anchor = at('2024-01-31T09:00:00.000Z');
    expect(iso(wordsPeriodStart(anchor, at('2024-02-29T08:59:59.000Z')))).toBe('2024-01-31T09:00:00.000Z');
    expect(iso(wordsResetAt(anchor, at('2024-02-29T08:59:59.000Z')))).toBe('2024-02-29T09:00:00.000Z');
    expect(iso(wordsPeriodStart(anchor, at('2024-02-29T09:00:00.000Z')))).toBe('2024-02-29T09:00:00.000Z');
    expect(iso(wordsResetAt(anchor, at('2024-03-10T00:00:00.000Z')))).toBe('2024-03-31T09:00:00.000Z');
    expect(iso(wordsResetAt(anchor, at('2025-02-01T00:00:00.000Z')))).toBe('2025-02-28T09:00:00.000Z');
  });

  it('finds the latest period when several months passed at once', () => {
    const anchor = at('2025-01-31T09:00:00.000Z');
    expect(iso(wordsPeriodStart(anchor, at('2025-07-01T00:00:00.000Z')))).toBe('2025-06-30T09:00:00.000Z');
    expect(iso(wordsResetAt(anchor, at('2025-07-01T00:00:00.000Z')))).toBe('2025-07-31T09:00:00.000Z');
  });
});
