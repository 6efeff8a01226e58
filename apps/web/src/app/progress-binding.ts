import type { RouterState } from 'react-router';
import type { ProgressStore } from '../components/progress/progress.store';

type SubscribableRouter = { state: RouterState; subscribe(listener: (state: RouterState) => void): () => void };

/** Drives the progress store from the router: loading while a navigation or the first load runs, red on errors. */
export function bindProgressToRouter(router: SubscribableRouter, progress: ProgressStore): () => void {
  const sync = (state: RouterState) => {
    const busy = !state.initialized || state.navigation.state !== 'idle' || state.revalidation === 'loading';
    if (busy) progress.start();
    else if (state.errors && Object.keys(state.errors).length > 0) progress.fail();
    else progress.finish();
  };
  sync(router.state);
  return router.subscribe(sync);
}
