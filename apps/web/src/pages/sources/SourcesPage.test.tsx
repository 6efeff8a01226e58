import type { Source } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { invalidateServerStatus } from '../../features/status/status.store';
import { FakeWebSocket } from '../../test/fake-websocket';
import { stubXhr } from '../../test/fake-xhr';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { act, fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { aSource } from '../../test/sources';
import { isVisible } from '../../test/visible';

const THESIS = aSource({
  id: 'd1',
  name: 'Thesis draft.pdf',
  created_at: '2026-03-01T09:00:00Z',
  author: 'Ada Lovelace',
  year: 1843,
  pages: '1–12',
  pdf_url: '/doc/documents/d1/file?expires=1&signature=abc',
});
const READING = aSource({
  id: 'd2',
  name: 'Reading.pdf',
  state: 'processing',
  progress: 45,
  created_at: '2026-03-02T09:00:00Z',
});
const ARTICLE = aSource({
  id: 'w1',
  name: 'example.org/article',
  type: 'website',
  state: 'failed',
  error_code: 'upload_error_url',
  created_at: '2026-02-01T09:00:00Z',
});

const PROFILE = testProfile();

type Handlers = {
  documents?: () => Response;
  websites?: () => Response;
  remove?: (call: StubbedCall) => Response;
  website?: (call: StubbedCall) => Response;
};

function serve(lists: { documents?: Source[]; websites?: Source[] } = {}, handlers: Handlers = {}) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: PROFILE });
    if (call.url === '/doc/documents') return handlers.documents?.() ?? json(200, { data: lists.documents ?? [] });
    if (call.url === '/doc/websites') return handlers.websites?.() ?? json(200, { data: lists.websites ?? [] });
    if (call.url === '/doc/upload/website' && call.method === 'POST') {
      return handlers.website?.(call) ?? json(404, { error: { code: 'not_found', message: 'x' } });
    }
    if (call.url.startsWith('/doc/delete/document/') && call.method === 'DELETE') {
      return handlers.remove?.(call) ?? json(200, { data: { id: call.url.split('/').pop() } });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function renderSources(path = '/sources') {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const rows = () => screen.getAllByTestId('source-row');
const row = (id: string) => {
  const found = rows().find((element) => element.dataset.sourceId === id);
  if (!found) throw new Error(`no row for ${id}`);
  return found;
};

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});

describe('sources page: the library', () => {
  it('lists documents and articles newest first with their facts and their state in words', async () => {
    serve({ documents: [READING, THESIS], websites: [ARTICLE] });
    renderSources();
    await screen.findAllByTestId('source-row');
    expect(rows().map((element) => element.dataset.sourceId)).toEqual(['d2', 'd1', 'w1']);
    expect(rows().map((element) => element.dataset.state)).toEqual(['processing', 'usable', 'failed']);

    const thesis = row('d1');
    expect(isVisible(within(thesis).getByText('Document'))).toBe(true);
    expect(thesis.textContent).toContain('Ada Lovelace · 1843 · pp. 1–12');
    expect(thesis.textContent).toContain('added Mar 1, 2026');
    expect(within(thesis).getByTestId('source-state').textContent).toBe('Ready');
    const open = within(thesis).getByRole('link', { name: 'Open PDF', description: 'Thesis draft.pdf' });
    expect(open.getAttribute('href')).toBe(THESIS.pdf_url);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');

    const reading = row('d2');
    expect(reading.textContent).toContain('Unknown author');
    expect(within(reading).getByTestId('source-state').textContent).toBe('Reading 45%');
    const bar = within(reading).getByRole('progressbar', { name: 'Reading Reading.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(within(reading).queryByRole('link')).toBeNull();

    const article = row('w1');
    expect(isVisible(within(article).getByText('Article'))).toBe(true);
    expect(within(article).getByTestId('source-state').textContent).toBe(
      'Failed: The URL could not be processed. If it is a PDF, upload it as a file.',
    );
    expect(within(article).queryByRole('progressbar')).toBeNull();
  });

  it('filters by type', async () => {
    serve({ documents: [THESIS, READING], websites: [ARTICLE] });
    renderSources();
    await screen.findAllByTestId('source-row');
    fireEvent.click(screen.getByRole('radio', { name: 'Articles (1)' }));
    expect(rows().map((element) => element.dataset.sourceId)).toEqual(['w1']);
    fireEvent.click(screen.getByRole('radio', { name: 'Documents (2)' }));
    expect(rows().map((element) => element.dataset.sourceId)).toEqual(['d2', 'd1']);
    fireEvent.click(screen.getByRole('radio', { name: 'All (3)' }));
    expect(rows()).toHaveLength(3);
  });

  it('says how to start when the library is empty', async () => {
    serve();
    renderSources();
    const empty = await screen.findByTestId('sources-empty');
    expect(empty.textContent).toContain('Your library is empty.');
    expect(empty.textContent).toContain('Upload a PDF or paste the link of a web article.');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows a failure to load with a way to try again', async () => {
    let fail = true;
    serve(
      { documents: [THESIS] },
      {
        websites: () =>
          fail
            ? json(503, { error: { code: 'service_unavailable', message: 'The service is temporarily unavailable.' } })
            : json(200, { data: [] }),
      },
    );
    renderSources();
    const error = await screen.findByTestId('sources-error');
    expect(error.textContent).toContain('The service is temporarily unavailable.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('source-row')).dataset.sourceId).toBe('d1');
  });

  it('is written in the page’s language', async () => {
    serve({ documents: [READING, THESIS] });
    renderSources('/de/sources');
    await screen.findAllByTestId('source-row');
    expect(screen.getByTestId('page-title').textContent).toBe('Meine Quellen');
    expect(within(row('d2')).getByTestId('source-state').textContent).toBe('Wird gelesen: 45\u00a0%');
    expect(row('d2').textContent).toContain('Unbekannter Autor');
    expect(within(row('d1')).getByTestId('source-state').textContent).toBe('Bereit');
  });
});

describe('sources page: live progress', () => {
  it('moves the bar and the words as the document service reports progress', async () => {
    const { calls } = serve({ documents: [READING] });
    renderSources();
    await screen.findByTestId('source-row');
    const socket = FakeWebSocket.latest;
    if (!socket) throw new Error('the page opened no live connection');
    expect(socket.url).toBe('ws://localhost:3000/doc/live?token=access-1');
    act(() => socket.accept());
    act(() => socket.receive({ type: 'source.updated', source: { ...READING, progress: 80 } }));
    expect(within(row('d2')).getByTestId('source-state').textContent).toBe('Reading 80%');
    expect(within(row('d2')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80');
    act(() => socket.receive({ type: 'source.updated', source: { ...READING, state: 'usable', progress: 100 } }));
    expect(row('d2').dataset.state).toBe('usable');
    expect(within(row('d2')).getByTestId('source-state').textContent).toBe('Ready');
    expect(within(row('d2')).queryByRole('progressbar')).toBeNull();
    act(() => socket.receive({ type: 'source.deleted', id: 'd2' }));
    expect((await screen.findByTestId('sources-empty')).textContent).toContain('Your library is empty.');
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('closes the live connection when the page is left', async () => {
    serve({ documents: [THESIS] });
    const router = renderSources();
    await screen.findByTestId('source-row');
    const socket = FakeWebSocket.latest;
    await act(() => router.navigate('/flows'));
    await screen.findByText('All tools', { selector: 'h1' });
    expect(socket?.readyState).toBe(FakeWebSocket.CLOSED);
  });
});

describe('sources page: adding', () => {
  it('uploads a PDF with a progress bar and shows it in the library once it is created', async () => {
    serve();
    const sent = stubXhr();
    renderSources();
    await screen.findByTestId('sources-empty');
    const input = screen.getByTestId('sources-upload-input') as HTMLInputElement;
    const file = new File(['%PDF-1.7'], 'Chapter 1.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    const xhr = sent[0];
    if (!xhr) throw new Error('nothing was sent');
    expect(xhr.url).toBe('/doc/upload/document');
    expect(xhr.headers.get('Authorization')).toBe('Bearer access-1');

    act(() => xhr.progress(40, 100));
    const bar = screen.getByTestId('upload-progress');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('Uploading 40%');
    expect(screen.getByTestId('upload-state').textContent).toBe('Uploading 40%');

    const created = aSource({ id: 'd9', name: 'Chapter 1.pdf', state: 'processing', progress: 0 });
    act(() => xhr.respond(201, { data: created }));
    const added = await screen.findByTestId('source-row');
    expect(added.dataset.sourceId).toBe('d9');
    expect(within(added).getByTestId('source-state').textContent).toBe('Reading 0%');
    expect(screen.queryByTestId('upload-progress')).toBeNull();
  });

  it('refuses a file that is no PDF before sending it', async () => {
    serve();
    const sent = stubXhr();
    renderSources();
    await screen.findByTestId('sources-empty');
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('sources-upload-input'), { target: { files: [notes] } });
    expect((await screen.findByTestId('upload-error')).textContent).toBe(
      'This file is not a PDF. Upload a PDF, or paste the link of a web page.',
    );
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the message about notes.txt' }));
    expect(screen.queryByTestId('upload-error')).toBeNull();
  });

  it('takes dropped files too', async () => {
    serve();
    const sent = stubXhr();
    renderSources();
    await screen.findByTestId('sources-empty');
    const file = new File(['%PDF-1.7'], 'dropped.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByTestId('sources-dropzone'), { dataTransfer: { files: [file], types: ['Files'] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]?.body as FormData | undefined;
    expect((body?.get('file') as File | null)?.name).toBe('dropped.pdf');
  });

  it('shows the server’s message when an upload is refused', async () => {
    serve();
    stubXhr((xhr) =>
      xhr.respond(413, {
        error: { code: 'upload_too_large', message: 'File too large (max. 50 MB), try splitting it' },
      }),
    );
    renderSources();
    await screen.findByTestId('sources-empty');
    const file = new File(['%PDF-1.7'], 'big.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('sources-upload-input'), { target: { files: [file] } });
    expect((await screen.findByTestId('upload-error')).textContent).toBe(
      'File too large (max. 50 MB), try splitting it',
    );
  });

  it('adds a web article by its link, with https:// when none was typed', async () => {
    const created = aSource({ id: 'w7', name: 'example.org/paper', type: 'website', state: 'processing', progress: 0 });
    const { calls } = serve({}, { website: () => json(201, { data: created }) });
    renderSources();
    await screen.findByTestId('sources-empty');
    fireEvent.change(screen.getByTestId('sources-link-input'), { target: { value: ' example.org/paper ' } });
    fireEvent.click(screen.getByTestId('sources-link-submit'));
    const added = await screen.findByTestId('source-row');
    expect(added.dataset.sourceId).toBe('w7');
    expect(isVisible(within(added).getByText('Article'))).toBe(true);
    expect(calls.find((call) => call.url === '/doc/upload/website')?.body).toEqual({
      link: 'https://example.org/paper',
    });
    expect((screen.getByTestId('sources-link-input') as HTMLInputElement).value).toBe('');
  });

  it('checks the link before sending it', async () => {
    const { calls } = serve();
    renderSources();
    await screen.findByTestId('sources-empty');
    fireEvent.click(screen.getByTestId('sources-link-submit'));
    expect((await screen.findByTestId('sources-link-error')).textContent).toBe('Link is required');
    fireEvent.change(screen.getByTestId('sources-link-input'), { target: { value: 'ftp://example.org/file' } });
    fireEvent.submit(screen.getByTestId('sources-link-input'));
    expect((await screen.findByTestId('sources-link-error')).textContent).toBe('Not a valid URL.');
    expect(screen.getByTestId('sources-link-input').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.url === '/doc/upload/website')).toBe(false);
  });
});

describe('sources page: deleting', () => {
  async function openDialog(id: string) {
    fireEvent.click(within(row(id)).getByTestId('source-delete'));
    return screen.getByRole('dialog', { name: 'Delete this source?' });
  }

  it('asks first, deletes on the server and then removes the row', async () => {
    const { calls } = serve({ documents: [THESIS, READING] });
    renderSources();
    await screen.findAllByTestId('source-row');
    const dialog = await openDialog('d1');
    expect(dialog.textContent).toContain('“Thesis draft.pdf” and its file will be removed from your library.');
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByTestId('source-delete-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows().map((element) => element.dataset.sourceId)).toEqual(['d2']);
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(removal?.url).toBe('/doc/delete/document/d1');
    expect(removal?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(screen.getByText('“Thesis draft.pdf” has been deleted.').closest('[role]')?.getAttribute('role')).toBe(
      'status',
    );
    expect(document.activeElement?.textContent).toBe('Your library');
  });

  it('keeps the row and shows the failure when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(
      { documents: [THESIS] },
      {
        remove: () =>
          json(500, { error: { code: 'internal_error', message: 'Something went wrong, please try again later' } }),
      },
    );
    renderSources();
    await screen.findByTestId('source-row');
    const dialog = await openDialog('d1');
    fireEvent.click(within(dialog).getByTestId('source-delete-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Something went wrong, please try again later');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(row('d1')).toBeTruthy();
  });

  it('leaves the source when the dialog is cancelled', async () => {
    const { calls } = serve({ documents: [THESIS] });
    renderSources();
    await screen.findByTestId('source-row');
    const dialog = await openDialog('d1');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(document.activeElement).toBe(within(row('d1')).getByTestId('source-delete'));
  });
});
