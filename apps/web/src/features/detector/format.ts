/** A 0..1 score as a whole percentage in the reader's language ("62 %" in French, "62%" in English). */
export function percent(score: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(score);
}

/** A measurement as the signals list shows it: two decimals, or a whole number when it is large (perplexity). */
export function measurement(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: Math.abs(value) >= 10 ? 0 : 2 }).format(value);
}
