import type { Template } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { invalidateServerStatus } from '../../features/status/status.store';
import { json, STATUS_OK, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { aSource } from '../../test/sources';

const TEMPLATES: Template[] = [
  { slug: 'find-topic', headline: 'Find a topic', description: '', categories: ['research'], favourite: true },
  { slug: 'write-outline', headline: 'Outline', description: '', categories: ['essay'], favourite: false },
];

function serve() {
  return stubFetch((call) => {
    const { pathname } = new URL(call.url, 'http://localhost');
    if (pathname === '/api/status') return json(200, STATUS_OK);
    if (pathname === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (pathname === '/api/prompt_templates') return json(200, { data: TEMPLATES });
    if (pathname === '/api/prompts') return json(200, { data: [] });
    if (pathname === '/doc/documents') return json(200, { data: [aSource({ id: 'd1', name: 'Thesis.pdf' })] });
    if (pathname === '/doc/websites') return json(200, { data: [] });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

/** The first render loads the layout, page and tool chunks, which takes a while on a busy machine. */
const LOADED = { timeout: 5_000 };

function renderPath(path: string) {
  render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: [path] })} />);
}

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});

describe('flows', () => {
  it('lists the summarize flow with its steps, and every tool with its favourite star', async () => {
    serve();
    renderPath('/flows');
    const flow = await screen.findByTestId('flow-card', {}, LOADED);
    expect(within(flow).getByRole('link').getAttribute('href')).toBe('/flow/summarize');
    expect(flow.textContent).toContain('Steps: Summarize a text → Summarize a source');
    const star = await screen.findByTestId('favourite-find-topic', {}, LOADED);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('favourite-write-outline').getAttribute('aria-pressed')).toBe('false');
    // Tools the server does not list get no star.
    expect(screen.queryByTestId('favourite-cards')).toBeNull();
    expect(screen.getAllByTestId('tool-card').map((card) => card.dataset.item)).toContain('flow/summarize');
  });

  it('works through the summarize flow: a text first, then a source, each in place', async () => {
    serve();
    renderPath('/de/flow/summarize');
    const steps = await screen.findAllByTestId('flow-step', {}, LOADED);
    expect(steps.map((step) => step.textContent)).toEqual([
      'Schritt 1: Text zusammenfassen',
      'Schritt 2: Quelle zusammenfassen',
    ]);
    expect(steps[0]?.getAttribute('aria-selected')).toBe('true');
    expect(
      ((await screen.findByTestId('field-text', {}, LOADED)) as HTMLTextAreaElement).labels?.[0]?.textContent,
    ).toBe('Text');

    fireEvent.change(screen.getByTestId('field-text'), { target: { value: 'Kept while switching.' } });
    fireEvent.keyDown(steps[0] as HTMLElement, { key: 'ArrowRight' });
    expect(steps[1]?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(steps[1]);
    const panels = screen.getAllByTestId('flow-panel');
    expect(panels[0]?.hidden).toBe(true);
    const select = await within(panels[1] as HTMLElement).findByTestId('field-source_id');
    await waitFor(() =>
      expect([...(select as HTMLSelectElement).options].map((option) => option.value)).toEqual(['', 'd1']),
    );

    fireEvent.click(steps[0] as HTMLElement);
    expect((within(panels[0] as HTMLElement).getByTestId('field-text') as HTMLTextAreaElement).value).toBe(
      'Kept while switching.',
    );
  });
});
