import type { GenerationResult, OwnApp, Template } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { eventStream } from '../../test/streams';
import { invalidateServerStatus } from '../status/status.store';

const ID = '0b0c4a52-7b44-4d5e-9a3e-3f4f7d3e2a10';
const APP: OwnApp = {
  id: ID,
  slug: `own-${ID}`,
  name: 'Concept explainer',
  description: 'Explains a concept simply.',
  inputs: [
    { key: 'concept', label: 'Concept', max_length: 40, multiline: false, required: true },
    { key: 'audience', label: 'Audience', max_length: 200, multiline: true, required: false },
  ],
  prompt: 'Explain {concept} to {audience}.',
  created_at: '2026-03-01T09:00:00Z',
  updated_at: '2026-03-01T09:00:00Z',
};

const RESULT: GenerationResult = {
  id: 'r1',
  slug: APP.slug,
  created_at: '2026-03-02T10:00:00Z',
  inputs: { concept: 'Entropy' },
  words_used: 42,
  text: 'Concept explainer needs a language model.',
  citations: [],
  engine: { kind: 'builtin', model: null },
};

const template = (slug: string, headline: string, favourite: boolean): Template => ({
  slug,
  headline,
  description: '',
  categories: [],
  favourite,
});

type Server = {
  apps?: OwnApp[];
  templates?: Template[];
  create?: (call: StubbedCall) => Response;
  run?: (call: StubbedCall) => Response;
  history?: GenerationResult[];
};

function serve(server: Server = {}) {
  let apps = server.apps ?? [APP];
  return stubFetch((call) => {
    const { pathname, searchParams } = new URL(call.url, 'http://localhost');
    if (pathname === '/api/status') return json(200, STATUS_OK);
    if (pathname === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (pathname === '/api/prompt_templates') return json(200, { data: server.templates ?? [] });
    if (pathname === '/api/prompts') {
      expect(searchParams.get('prompt_template')).toBe(APP.slug);
      return json(200, { data: server.history ?? [] });
    }
    if (pathname === '/api/own_apps' && call.method === 'GET') return json(200, { data: apps });
    if (pathname === '/api/own_apps' && call.method === 'POST') {
      if (server.create) return server.create(call);
      const created = { ...APP, ...(call.body as object) } as OwnApp;
      apps = [created, ...apps];
      return json(201, { data: created });
    }
    const one = /^\/api\/own_apps\/([^/]+)$/.exec(pathname);
    if (one) {
      const app = apps.find((each) => each.id === one[1]);
      if (!app) return json(404, { error: { code: 'not_found', message: 'Not found.' } });
      if (call.method === 'DELETE') {
        apps = apps.filter((each) => each !== app);
        return json(200, { data: { deleted: true } });
      }
      return json(200, { data: app });
    }
    if (pathname === `/gen/${APP.slug}` && call.method === 'POST') {
      return server.run?.(call) ?? json(201, { data: RESULT });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  });
}

function renderPage(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The first render loads the layout and page chunks, which takes a while on a busy machine. */
const LOADED = { timeout: 15_000 };
const byTestId = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(byTestId(id), { target: { value } });

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});
afterEach(() => vi.restoreAllMocks());

describe('creating an own application', () => {
  it('derives the placeholder from the label, inserts it from a chip, checks live, saves and opens it', async () => {
    const { calls } = serve({ apps: [] });
    const router = renderPage('/apps/new');
    await screen.findByTestId('own-app-editor', {}, LOADED);
    expect(screen.getByTestId('page-title').textContent).toBe('Create your own application');

    type('own-app-name', 'Concept explainer');
    type('own-app-input-label-0', 'Concept');
    expect(byTestId('own-app-input-key-0').value).toBe('concept');
    type('own-app-prompt', 'Explain {topic} simply: ');
    expect(screen.getByTestId('error-prompt').textContent).toBe('The prompt uses topic, but no input has that name.');
    expect(byTestId('own-app-prompt').getAttribute('aria-invalid')).toBe('true');

    type('own-app-prompt', 'Explain  simply.');
    byTestId('own-app-prompt').setSelectionRange(8, 8);
    fireEvent.click(screen.getByTestId('own-app-chip-concept'));
    expect(byTestId('own-app-prompt').value).toBe('Explain {concept} simply.');
    expect(screen.queryByTestId('error-prompt')).toBeNull();

    fireEvent.click(screen.getByTestId('own-app-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/apps/${ID}`));
    const post = calls.find((call) => call.method === 'POST' && call.url.endsWith('/api/own_apps'));
    expect(post?.body).toEqual({
      name: 'Concept explainer',
      description: '',
      prompt: 'Explain {concept} simply.',
      inputs: [{ key: 'concept', label: 'Concept', max_length: 2_000, multiline: false, required: true }],
    });
    // The sidebar lists it at once; the app's page itself loads lazily, which takes a while on a busy machine.
    const nav = await screen.findByTestId('own-apps-nav', {}, LOADED);
    expect(within(nav).getByRole('link', { name: 'Concept explainer' }).getAttribute('href')).toBe(`/apps/${ID}`);
  });

  it('shows every wrong field once a save is tried, and the server’s messages', async () => {
    const { calls } = serve({
      apps: [],
      create: () => json(409, { error: { code: 'own_apps_limit', message: 'You have reached the maximum number.' } }),
    });
    renderPage('/apps/new');
    await screen.findByTestId('own-app-editor', {}, LOADED);
    fireEvent.click(screen.getByTestId('own-app-save'));
    expect(screen.getByTestId('error-name').textContent).toBe('Name is required');
    expect(screen.getByTestId('error-inputs.0.label').textContent).toBe('Label is required');
    expect(screen.getByTestId('error-prompt').textContent).toBe('Prompt is required');
    expect(document.activeElement).toBe(byTestId('own-app-name'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    type('own-app-name', 'Mine');
    type('own-app-input-label-0', 'Term');
    type('own-app-prompt', 'Define {term}.');
    fireEvent.click(screen.getByTestId('own-app-save'));
    expect((await screen.findByTestId('own-app-save-error')).textContent).toBe('You have reached the maximum number.');
  });
});

describe('running an own application', () => {
  it('builds its form from the inputs, counts characters, refuses a missing input and streams the answer', async () => {
    const { calls } = serve({
      templates: [template(APP.slug, APP.name, true)],
      run: () =>
        eventStream([
          'event: stage\ndata: {"type":"stage","stage":"creating_plan"}\n\n',
          'event: delta\ndata: {"type":"delta","text":"Concept explainer needs"}\n\n',
          `event: done\ndata: ${JSON.stringify({ type: 'done', result: RESULT })}\n\n`,
        ]),
    });
    renderPage(`/apps/${ID}`);
    await screen.findByTestId('own-app-run-form', {}, LOADED);
    expect(screen.getByTestId('page-title').textContent).toBe('Concept explainer');
    expect(screen.getByLabelText('Concept')).toBe(byTestId('own-app-field-concept'));
    expect(byTestId('own-app-field-audience').tagName).toBe('TEXTAREA');
    expect(byTestId('own-app-field-concept').maxLength).toBe(40);

    fireEvent.click(screen.getByTestId('own-app-run'));
    expect(screen.getByTestId('own-app-error-concept').textContent).toBe('Concept is required');
    expect(calls.filter((call) => call.url.startsWith('/gen/'))).toHaveLength(0);

    type('own-app-field-concept', 'Entropy');
    expect(screen.getByTestId('own-app-count-concept').textContent).toBe('7 of 40 characters');
    fireEvent.change(screen.getByTestId('own-app-language'), { target: { value: 'de' } });
    fireEvent.click(screen.getByTestId('own-app-run'));

    const result = await screen.findByTestId('result');
    expect(result.textContent).toContain('Concept explainer needs a language model.');
    const run = calls.find((call) => call.url === `/gen/${APP.slug}`);
    expect(run?.body).toEqual({ inputs: { concept: 'Entropy', language: 'de' } });
    // The history names the result by its first input.
    expect(within(screen.getByTestId('history')).getByTestId('history-open').textContent).toContain('Entropy');
    // A favourite own application is in the sidebar's favourites, linked to its page.
    const favourites = await screen.findByTestId('sidebar-favourites');
    expect(within(favourites).getByRole('link', { name: APP.name }).getAttribute('href')).toBe(`/apps/${ID}`);
    expect(screen.getByTestId(`favourite-${APP.slug}`).getAttribute('aria-pressed')).toBe('true');
  });

  it('opens an earlier result from its history with its inputs', async () => {
    serve({ history: [{ ...RESULT, inputs: { concept: 'Heat', audience: 'pupils', language: 'fr' } }] });
    renderPage(`/apps/${ID}`);
    fireEvent.click(await screen.findByTestId('history-open', {}, LOADED));
    expect(byTestId('own-app-field-concept').value).toBe('Heat');
    expect(byTestId('own-app-field-audience').value).toBe('pupils');
    expect(byTestId('own-app-language').value).toBe('fr');
    expect(screen.getByTestId('result').textContent).toContain('Concept explainer needs a language model.');
  });

  it('says so when the application is not the user’s', async () => {
    serve({ apps: [] });
    renderPage(`/apps/${ID}`);
    expect((await screen.findByTestId('own-app-missing', {}, LOADED)).textContent).toBe(
      'This application does not exist, or it belongs to someone else.',
    );
  });
});

describe('editing an own application', () => {
  it('deletes it after a confirmation and leaves the sidebar without it', async () => {
    const { calls } = serve();
    const router = renderPage(`/apps/${ID}/edit`);
    await screen.findByTestId('own-app-editor', {}, LOADED);
    expect(byTestId('own-app-input-key-1').value).toBe('audience');
    await screen.findByTestId('own-apps-nav', {}, LOADED);
    fireEvent.click(screen.getByTestId('own-app-delete'));
    const dialog = screen.getByRole('dialog', { name: 'Delete this application?' });
    expect(dialog.textContent).toContain('The texts it wrote stay in your history.');
    fireEvent.click(within(dialog).getByTestId('own-app-delete-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/new'));
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith(`/api/own_apps/${ID}`))).toBe(true);
    expect(screen.queryByTestId('own-apps-nav')).toBeNull();
  });
});
