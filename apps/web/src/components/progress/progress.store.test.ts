import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressStore, TRICKLE_CEILING } from './progress.store';

describe('progress store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('never shows navigations faster than the 200 ms throttle', () => {
    const store = createProgressStore();
    store.start();
    vi.advanceTimersByTime(150);
    expect(store.getState().visible).toBe(false);
    store.finish();
    expect(store.getState()).toEqual({ value: 0, visible: false, failed: false, loading: false });
    vi.advanceTimersByTime(1_000);
    expect(store.getState().visible).toBe(false);
  });

  it('shows slow navigations, fills the bar on finish and hides it 500 ms later', () => {
    const store = createProgressStore();
    store.start();
    vi.advanceTimersByTime(200);
    expect(store.getState()).toMatchObject({ visible: true, loading: true });
    store.finish();
    expect(store.getState()).toMatchObject({ value: 100, visible: true, loading: false, failed: false });
    vi.advanceTimersByTime(499);
    expect(store.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState()).toMatchObject({ value: 0, visible: false });
  });

  it('adds 30 per data load when the page has async data and a fetch, else 45', () => {
    const store = createProgressStore();
    store.start();
    store.dataLoaded({ asyncData: true, fetch: true });
    expect(store.getState().value).toBe(30);
    store.dataLoaded({ asyncData: true, fetch: false });
    expect(store.getState().value).toBe(75);
    store.dataLoaded({ asyncData: false, fetch: false });
    expect(store.getState().value).toBe(100);
    store.dataLoaded({ asyncData: false, fetch: false });
    expect(store.getState().value).toBe(100);
  });

  it('trickles towards the ceiling over the 5 s duration but never completes on its own', () => {
    const store = createProgressStore();
    store.start();
    vi.advanceTimersByTime(2_500);
    expect(store.getState().value).toBeCloseTo(50, 5);
    vi.advanceTimersByTime(10_000);
    expect(store.getState().value).toBe(TRICKLE_CEILING);
    expect(store.getState().loading).toBe(true);
  });

  it('turns red on failure, even for a fast navigation', () => {
    const store = createProgressStore();
    store.start();
    vi.advanceTimersByTime(50);
    store.fail();
    expect(store.getState()).toMatchObject({ failed: true, visible: true, value: 100, loading: false });
    vi.advanceTimersByTime(500);
    expect(store.getState()).toMatchObject({ failed: false, visible: false });
  });

  it('ignores data loads, finishes and failures outside a navigation', () => {
    const store = createProgressStore();
    store.dataLoaded({ asyncData: true, fetch: true });
    store.fail();
    store.finish();
    expect(store.getState()).toEqual({ value: 0, visible: false, failed: false, loading: false });
  });

  it('tells subscribers about changes', () => {
    const store = createProgressStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.start();
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    store.finish();
    expect(listener).not.toHaveBeenCalled();
  });
});
