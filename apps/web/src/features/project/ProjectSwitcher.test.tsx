import type { GenerationResult } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { forgetProfile } from '../auth';
import { invalidateServerStatus } from '../status/status.store';

const LOADED = { timeout: 5_000 };

function serve(profile = testProfile()) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: profile });
    if (call.url.startsWith('/api/prompt_templates') || call.url.startsWith('/gen/history')) {
      return json(200, { data: [] });
    }
    if (call.url.startsWith('/doc/')) return json(200, { data: [] });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function open(path: string) {
  return render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: [path] })} />);
}

async function switcher() {
  return screen.findByTestId('project-switcher', {}, LOADED);
}

beforeEach(() => {
  invalidateServerStatus();
  forgetProfile();
  window.localStorage.clear();
  signIn();
});
afterEach(() => forgetProfile());

describe('current project in the header', () => {
  it('is set in its dialog, trimmed, shown in the header and stored for this user', async () => {
    serve();
    open('/feature/write-outline');
    await waitFor(async () => expect((await switcher()).textContent).toContain('No project yet'), LOADED);
    fireEvent.click(await switcher());
    const dialog = await screen.findByTestId('project-dialog');
    fireEvent.change(within(dialog).getByTestId('project-topic'), { target: { value: '  Climate policy  ' } });
    fireEvent.change(within(dialog).getByTestId('project-language'), { target: { value: 'de' } });
    fireEvent.click(within(dialog).getByTestId('project-save'));
    await waitFor(() => expect(screen.queryByTestId('project-dialog')).toBeNull());
    expect((await switcher()).textContent).toContain('Climate policy');
    expect((await switcher()).textContent).toContain('DE');
    expect(JSON.parse(window.localStorage.getItem('quire_project:user-1') ?? '{}')).toEqual({
      topic: 'Climate policy',
      language: 'de',
    });
  });

  it("pre-fills a tool's topic and language from the stored project of the signed-in user only", async () => {
    window.localStorage.setItem('quire_project:user-1', JSON.stringify({ topic: 'Energy law', language: 'fr' }));
    window.localStorage.setItem('quire_project:user-2', JSON.stringify({ topic: 'Not mine', language: 'it' }));
    serve();
    open('/feature/write-outline');
    const topic = (await screen.findByLabelText(/topic/i, {}, LOADED)) as HTMLInputElement;
    await waitFor(() => expect(topic.value).toBe('Energy law'), LOADED);
    const language = topic.closest('form')?.querySelector<HTMLSelectElement>('select[id$="-language"]');
    expect(language?.value).toBe('fr');
  });

  it('fills an untouched form when the project becomes known after the tool opened', async () => {
    window.localStorage.setItem('quire_project:user-1', JSON.stringify({ topic: 'Late topic', language: null }));
    let answerProfile: (() => void) | undefined;
    const profileLoaded = new Promise<void>((resolve) => {
      answerProfile = resolve;
    });
    stubFetch(async (call) => {
      if (call.url === '/api/status') return json(200, STATUS_OK);
      if (call.url === '/api/auth/user/customer') {
        await profileLoaded;
        return json(200, { data: testProfile() });
      }
      if (call.url.startsWith('/api/prompt_templates') || call.url.startsWith('/gen/history')) {
        return json(200, { data: [] });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    });
    open('/feature/write-outline');
    const topic = (await screen.findByLabelText(/topic/i, {}, LOADED)) as HTMLInputElement;
    expect(topic.value).toBe('');
    answerProfile?.();
    await waitFor(() => expect(topic.value).toBe('Late topic'), LOADED);
  });

  it('clears the project', async () => {
    window.localStorage.setItem('quire_project:user-1', JSON.stringify({ topic: 'Energy law', language: null }));
    serve();
    open('/feature/write-outline');
    await waitFor(async () => expect((await switcher()).textContent).toContain('Energy law'), LOADED);
    fireEvent.click(await switcher());
    fireEvent.click(within(await screen.findByTestId('project-dialog')).getByTestId('project-clear'));
    await waitFor(async () => expect((await switcher()).textContent).toContain('No project yet'));
  });

  it("takes a run's topic and suggests the topics of earlier results, the latest first", async () => {
    const result = (id: string, topic: string, created_at: string): GenerationResult => ({
      id,
      slug: 'write-chapter',
      created_at,
      inputs: { headline: `About ${topic}`, topic },
      words_used: 10,
      text: `Outline of ${topic}`,
      citations: [],
      engine: { kind: 'builtin', model: null },
    });
    stubFetch((call) => {
      if (call.url === '/api/status') return json(200, STATUS_OK);
      if (call.url === '/api/auth/user/customer') return json(200, { data: testProfile() });
      if (call.url.startsWith('/api/prompt_templates')) return json(200, { data: [] });
      if (call.url.startsWith('/api/prompts')) {
        return json(200, {
          data: [result('b', 'Botany', '2026-03-02T10:00:00Z'), result('e', 'Ecology', '2026-03-01T10:00:00Z')],
        });
      }
      if (call.url === '/gen/write-chapter' && call.method === 'POST') {
        return json(201, { data: result('s', 'Soil', '2026-03-03T10:00:00Z') });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    });
    open('/feature/write-chapter');
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(2), LOADED);
    for (const [name, value] of Object.entries({ headline: 'About soil', topic: 'Soil', outline: '1. Soil' })) {
      fireEvent.change(screen.getByTestId(`field-${name}`), { target: { value } });
    }
    fireEvent.click(screen.getByTestId('tool-submit'));
    await screen.findByTestId('result');
    await waitFor(async () => expect((await switcher()).textContent).toContain('Soil'));

    fireEvent.click(await switcher());
    const dialog = await screen.findByTestId('project-dialog');
    const suggestions = [...dialog.querySelectorAll('datalist option')].map((option) => option.getAttribute('value'));
    expect(suggestions).toEqual(['Soil', 'Botany', 'Ecology']);
  });
});
