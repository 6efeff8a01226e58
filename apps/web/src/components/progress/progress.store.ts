import { LOADING_BAR } from '@quire/contracts';

export type ProgressState = {
  /** 0 to 100. */
  value: number;
  /** Whether the bar is on screen; navigations faster than the throttle never show it. */
  visible: boolean;
  failed: boolean;
  loading: boolean;
};

export type ProgressOptions = {
  throttleMs: number;
  durationMs: number;
  hideDelayMs: number;
  stepWithAsyncDataAndFetch: number;
  stepDefault: number;
};

/** The bar creeps forward while waiting, but never fills up before the page is actually there. */
export const TRICKLE_CEILING = 95;
export const TRICKLE_TICK_MS = 100;

const IDLE: ProgressState = { value: 0, visible: false, failed: false, loading: false };

export type ProgressStore = ReturnType<typeof createProgressStore>;

/**
 * The loading progress of spec §4 (0–100, can fail) behind the top progress bar (spec §9: 200 ms
 * throttle, 5 s trickle duration, 500 ms hide delay).
 */
export function createProgressStore(options: ProgressOptions = LOADING_BAR) {
  let state = IDLE;
  const listeners = new Set<() => void>();
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let trickleTimer: ReturnType<typeof setInterval> | undefined;
  // Evenly spread so that, without any data load finishing, the bar would be full after `durationMs`.
  const trickleStep = (100 * TRICKLE_TICK_MS) / options.durationMs;

  function set(next: Partial<ProgressState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function stopTimers(): void {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    clearInterval(trickleTimer);
    showTimer = hideTimer = trickleTimer = undefined;
  }

  function increase(amount: number): void {
    if (!state.loading) return;
    set({ value: Math.min(100, state.value + amount) });
  }

  function end(failed: boolean): void {
    stopTimers();
    if (!state.visible && !failed) {
      set(IDLE);
      return;
    }
    set({ value: 100, visible: true, failed, loading: false });
    hideTimer = setTimeout(() => set(IDLE), options.hideDelayMs);
  }

  return {
    getState: (): ProgressState => state,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** A navigation began; calling it again while loading changes nothing. */
    start(): void {
      if (state.loading) return;
      stopTimers();
      set({ value: 0, visible: false, failed: false, loading: true });
      showTimer = setTimeout(() => set({ visible: true }), options.throttleMs);
      trickleTimer = setInterval(() => {
        if (state.value < TRICKLE_CEILING) set({ value: Math.min(TRICKLE_CEILING, state.value + trickleStep) });
      }, TRICKLE_TICK_MS);
    },

    increase,

    /** One data load of the page finished: +30 when the page has both async data and a fetch, else +45. */
    dataLoaded(page: { asyncData: boolean; fetch: boolean }): void {
      increase(page.asyncData && page.fetch ? options.stepWithAsyncDataAndFetch : options.stepDefault);
    },

    /** The navigation finished; a fast one leaves no trace, a slow one fills the bar and fades out. */
    finish(): void {
      if (state.loading) end(false);
    },

    /** The navigation failed: the bar turns red, even when it had not been shown yet. */
    fail(): void {
      if (state.loading) end(true);
    },
  };
}

/** The app's one progress store, driven by the router (see app/progress-binding.ts). */
export const loadingProgress = createProgressStore();
