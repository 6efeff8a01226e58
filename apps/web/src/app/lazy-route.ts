import type { ComponentType } from 'react';
import { importWithReload } from '../lib/chunk-reload';
import { errorMessage, HttpError } from './http-error';

/**
 * The `lazy` of a route whose component lives in its own chunk. A stale chunk reloads the page (at most
 * once a minute); any other failure, or a second one within the minute, is a 500 carrying its message.
 */
export function lazyComponent(importer: () => Promise<ComponentType>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: await importWithReload(importer) };
    } catch (error) {
      throw new HttpError(500, errorMessage(error) ?? { key: 'errors:internal_error' }, { cause: error });
    }
  };
}
