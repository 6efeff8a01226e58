import type { Page } from 'playwright-core';

/**
 * An API call as the signed-in user of `page`, with the access token the web client keeps in its cookie: for what
 * the UI has no form for, or to make a page's parameters quickly. Returns the response's `data`.
 */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const raw = document.cookie
        .split('; ')
        .find((part) => part.startsWith('quire_auth='))
        ?.slice('quire_auth='.length);
      const token = raw ? (JSON.parse(decodeURIComponent(raw)) as { access_token: string }).access_token : '';
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: T }).data;
    },
    { method, path, body },
  );
}
