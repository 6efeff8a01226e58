import type { GenerationResult, HistoryDetail } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { render, screen, waitFor } from '../../test/render';
import { signIn } from '../../test/session';
import { invalidateServerStatus } from '../status/status.store';

const IN_HISTORY: GenerationResult = {
  id: 'h1',
  slug: 'write-chapter',
  created_at: '2026-03-01T09:00:00Z',
  inputs: { headline: 'Dark reactions', topic: 'Calvin cycle' },
  words_used: 80,
  text: 'The Calvin cycle fixes carbon.',
  citations: [],
  engine: { kind: 'builtin', model: null },
};

const OLDER: HistoryDetail = {
  id: 'h9',
  slug: 'write-chapter',
  tool_name: null,
  created_at: '2025-11-01T09:00:00Z',
  inputs: { headline: 'Stomata', topic: 'Leaves' },
  words_used: 50,
  excerpt: 'Stomata open at dawn.',
  shared_token: null,
  text: '## Stomata\n\nStomata open at dawn.',
  citations: [],
  engine: { kind: 'model', model: 'llama3.2' },
};

function serve(details: Record<string, HistoryDetail> = { h9: OLDER }) {
  return stubFetch((call: StubbedCall) => {
    const { pathname } = new URL(call.url, 'http://localhost');
    if (pathname === '/api/status') return json(200, STATUS_OK);
    if (pathname === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (pathname === '/api/prompt_templates') return json(200, { data: [] });
    if (pathname === '/api/prompts') return json(200, { data: [IN_HISTORY] });
    const detail = details[pathname.replace('/api/history/', '')];
    if (pathname.startsWith('/api/history/') && detail) return json(200, { data: detail });
    return json(404, { error: { code: 'not_found', message: 'This result does not exist.' } });
  });
}

function renderTool(path: string) {
  render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: [path] })} />);
}

const LOADED = { timeout: 5_000 };
const detailCalls = (calls: StubbedCall[]) => calls.filter((call) => call.url.startsWith('/api/history/'));

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});

describe('a tool page opened with ?result=', () => {
  it('shows a result of its loaded history as the active item, without asking for it again', async () => {
    const { calls } = serve();
    renderTool('/feature/write-chapter?result=h1');
    const result = await screen.findByTestId('result', {}, LOADED);
    expect(result.dataset.resultId).toBe('h1');
    expect(result.textContent).toContain('The Calvin cycle fixes carbon.');
    await waitFor(() =>
      expect(screen.getAllByTestId('history-item').find((item) => item.dataset.id === 'h1')?.ariaCurrent).toBe('true'),
    );
    expect((screen.getByTestId('field-headline') as HTMLInputElement).value).toBe('Dark reactions');
    expect(detailCalls(calls)).toEqual([]);
  });

  it('fetches an older result the history has not loaded and shows it with its inputs', async () => {
    const { calls } = serve();
    renderTool('/feature/write-chapter?result=h9');
    const result = await screen.findByTestId('result', {}, LOADED);
    expect(result.dataset.resultId).toBe('h9');
    expect(result.querySelector('h3')?.textContent).toBe('Stomata');
    expect(screen.getByTestId('result-engine').textContent).toBe('Written by the language model llama3.2');
    expect((screen.getByTestId('field-headline') as HTMLInputElement).value).toBe('Stomata');
    expect(detailCalls(calls).map((call) => call.url)).toEqual(['/api/history/h9']);
  });

  it('says so when the result is unknown or belongs to another tool', async () => {
    serve({ h9: { ...OLDER, slug: 'summarize' } });
    renderTool('/feature/write-chapter?result=h9');
    expect((await screen.findByTestId('run-error', {}, LOADED)).textContent).toBe(
      'This result no longer exists. It may have been deleted.',
    );
    expect(screen.queryByTestId('result')).toBeNull();
  });
});
