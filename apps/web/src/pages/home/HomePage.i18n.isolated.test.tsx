import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, serverStatus, stubFetch } from '../../test/fetch-stub';
import { render, screen, waitFor } from '../../test/render';

type Tree = { [key: string]: string | Tree };

// A pseudo-locale: every English string of the landing catalogue wrapped in ⟦…⟧. Text on the page that is
// not wrapped did not come through t(), or came from a key the landing catalogue does not carry.
vi.mock('virtual:quire-catalogue/en/landing', async (importOriginal) => {
  const wrap = (tree: Tree): Tree =>
    Object.fromEntries(
      Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? `⟦${value}⟧` : wrap(value)]),
    );
  const original = (await importOriginal()) as { default: Record<string, Tree> };
  return { default: Object.fromEntries(Object.entries(original.default).map(([ns, tree]) => [ns, wrap(tree)])) };
});

const WRAPPED = /^⟦.*⟧$/s;

it('renders every string of the landing route through t() from the landing catalogue', async () => {
  stubFetch(() => json(200, serverStatus({ banner: 'unreliable' })));
  render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/'] })} />);
  await waitFor(() => expect(screen.getByTestId('page-title').textContent).toMatch(WRAPPED));
  await screen.findByRole('contentinfo');

  const unwrapped: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    // Language names are written in their own language on purpose (marked with lang).
    if (!text || node.parentElement?.closest('body [lang]')) continue;
    if (!WRAPPED.test(text)) unwrapped.push(text);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
      const value = element.getAttribute(name);
      if (value && !WRAPPED.test(value)) unwrapped.push(`${name}="${value}"`);
    }
  }
  expect(unwrapped).toEqual([]);
  expect(document.title).toMatch(WRAPPED);
  expect(screen.getByText(/Output in about 3 seconds/).textContent).toBe('⟦Output in about 3 seconds.⟧');
});
