/**
 * The monthly words period (issue 8): a subscription's words start again on the anniversary of its start,
 * the free plan's on the first of the calendar month (UTC). An anniversary on the 31st falls on the last day
 * of shorter months, and every period is counted from the original start so it never drifts (31 Jan →
 * 29 Feb → 31 Mar, not 29 Mar).
 */

/** The same day and time `months` later, on the month's last day when the month is shorter. */
export function addMonthsClamped(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(anchor);
  result.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay));
  return result;
}

/** Midnight UTC on the first of the month `now` is in. */
function firstOfMonth(now: Date, monthsLater = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsLater, 1));
}

/** Whole months from `anchor` to the last anniversary at or before `now` (0 before the first). */
function monthsElapsed(anchor: Date, now: Date): number {
  if (now <= anchor) return 0;
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth();
  if (addMonthsClamped(anchor, months) > now) months -= 1;
  return months;
}

/** When the words period containing `now` began; `anchor` null means the free plan's calendar month. */
export function wordsPeriodStart(anchor: Date | null, now: Date): Date {
  if (!anchor) return firstOfMonth(now);
  return addMonthsClamped(anchor, monthsElapsed(anchor, now));
}

/** When the monthly words start again after `now`; `anchor` null means the free plan's calendar month. */
export function wordsResetAt(anchor: Date | null, now: Date): Date {
  if (!anchor) return firstOfMonth(now, 1);
  if (now < anchor) return anchor;
  return addMonthsClamped(anchor, monthsElapsed(anchor, now) + 1);
}

/** The end of a billing period that starts at `start`. */
export function periodEnd(start: Date, period: 'monthly' | 'yearly'): Date {
  return addMonthsClamped(start, period === 'yearly' ? 12 : 1);
}
