import type { ShareLink } from '@quire/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureLocale } from '../../i18n/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { act, fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { ShareDialog } from './ShareDialog';

const LINK: ShareLink = {
  token: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  url: 'https://quire.example/shared/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  created_at: '2026-03-03T10:00:00Z',
};

function serve() {
  return stubFetch((call) => {
    const { pathname } = new URL(call.url, 'http://localhost');
    if (pathname === '/api/history/r1/share' && call.method === 'POST') return json(201, { data: LINK });
    if (pathname === '/api/history/r1/share' && call.method === 'DELETE') return json(200, { data: { revoked: true } });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

async function renderDialog(shared = false) {
  await ensureLocale('en', 'full');
  const onChange = vi.fn();
  const onClose = vi.fn();
  render(<ShareDialog resultId="r1" shared={shared} onChange={onChange} onClose={onClose} />);
  return { onChange, onClose };
}

const writeText = vi.fn(async (_text: string) => {});

beforeEach(() => {
  signIn();
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});
afterEach(() => vi.restoreAllMocks());

describe('the share dialog', () => {
  it('explains that the link is public and read-only, and creates it only when asked', async () => {
    const { calls } = serve();
    const { onChange } = await renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Share this result' });
    expect(dialog.textContent).toContain('anyone with the link can read it, but nobody can change it');
    expect(calls).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByTestId('share-create'));

    fireEvent.click(screen.getByTestId('share-create'));
    const field = (await screen.findByTestId('share-link')) as HTMLInputElement;
    expect(field.value).toBe(LINK.url);
    expect(field.readOnly).toBe(true);
    // The focus moves in an effect after the link has rendered (once a tick later, with two files at a time).
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/history/r1/share']);
    expect(onChange).toHaveBeenCalledWith(LINK.token);

    fireEvent.click(screen.getByTestId('share-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK.url));
    // The notice follows once the clipboard's promise has settled, a tick after the call.
    await waitFor(() => expect(screen.getByTestId('share-feedback').textContent).toBe('Link copied to the clipboard.'));
  });

  it('shows the link of a result shared before at once', async () => {
    serve();
    await renderDialog(true);
    expect(((await screen.findByTestId('share-link')) as HTMLInputElement).value).toBe(LINK.url);
    expect(screen.queryByTestId('share-create')).toBeNull();
  });

  it('revokes the link after a confirmation, and can keep it instead', async () => {
    const { calls } = serve();
    const { onChange } = await renderDialog(true);
    await screen.findByTestId('share-link');

    fireEvent.click(screen.getByTestId('share-revoke'));
    const confirmation = screen.getByTestId('share-revoke-confirmation');
    expect(document.activeElement).toBe(within(confirmation).getByRole('button', { name: 'Keep the link' }));
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Keep the link' }));
    expect(screen.queryByTestId('share-revoke-confirmation')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('share-revoke'));
    fireEvent.click(screen.getByTestId('share-revoke-confirm'));
    await screen.findByTestId('share-create');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/history/r1/share']);
    expect(screen.queryByTestId('share-link')).toBeNull();
    expect(screen.getByTestId('share-feedback').textContent).toBe('The link was revoked. It no longer works.');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows why a link could not be made, and closes on Escape', async () => {
    stubFetch(() => json(404, { error: { code: 'not_found', message: 'This result no longer exists.' } }));
    const { onClose } = await renderDialog();
    fireEvent.click(screen.getByTestId('share-create'));
    expect((await screen.findByTestId('share-error')).textContent).toBe('This result no longer exists.');
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
