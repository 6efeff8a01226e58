import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError, shouldReloadForChunkError } from './chunk-reload';

const CHUNK_ERROR = new TypeError(
  'Failed to fetch dynamically imported module: https://quire.example/assets/Page-1.js',
);

describe('shouldReloadForChunkError', () => {
  it('reloads when no reload was recorded', () => {
    expect(shouldReloadForChunkError(1_000_000, null)).toBe(true);
  });

  it('does not reload twice within 60 s', () => {
    expect(shouldReloadForChunkError(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(shouldReloadForChunkError(1_000_000, 1_000_000)).toBe(false);
  });

  it('reloads again once 60 s have passed', () => {
    expect(shouldReloadForChunkError(1_000_000, 1_000_000 - 60_000)).toBe(true);
  });

  it('treats a timestamp from the future (clock set back) or garbage as old', () => {
    expect(shouldReloadForChunkError(1_000_000, 2_000_000)).toBe(true);
    expect(shouldReloadForChunkError(1_000_000, Number.NaN)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the messages of Chrome, Firefox, Safari and Vite', () => {
    expect(isChunkLoadError(CHUNK_ERROR)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/style.css'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('reloadForChunkError', () => {
  it('reloads once, records the time, and surfaces the next failure within the window', () => {
    const reload = vi.fn();
    let now = 5_000_000;
    const environment = { storage: window.sessionStorage, now: () => now, reload };

    expect(reloadForChunkError(CHUNK_ERROR, environment)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem('quire_chunk_reload_at')).toBe('5000000');

    now += 30_000;
    expect(reloadForChunkError(CHUNK_ERROR, environment)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    now += 30_000;
    expect(reloadForChunkError(CHUNK_ERROR, environment)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for an ordinary error', () => {
    const reload = vi.fn();
    expect(reloadForChunkError(new Error('boom'), { storage: window.sessionStorage, now: () => 1, reload })).toBe(
      false,
    );
    expect(reload).not.toHaveBeenCalled();
  });
});
