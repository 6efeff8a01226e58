import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json } from '../../test/fetch-stub';
import { act, fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { clearSession } from '../auth';
import { invalidateServerStatus } from '../status/status.store';
import { aCard, aDeck, type CardsServer, cardsCalls, serveCards } from './test-cards';

/** The first render loads the layout, page and tool chunks, which takes a while on a busy machine. */
const LOADED = { timeout: 5_000 };

const TEXT = 'Photosynthesis turns light, water and carbon dioxide into sugar and oxygen. '.repeat(4);

function server(decks = [aDeck()]): CardsServer {
  return { decks, reviews: [] };
}

function renderPage(path = '/feature/cards') {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const rows = () => screen.getAllByTestId('card-row').map((row) => row.dataset.cardId);

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});
afterEach(() => vi.restoreAllMocks());

describe('the Cards page', () => {
  it('asks visitors to sign in', async () => {
    clearSession();
    serveCards(server());
    renderPage();
    expect((await screen.findByTestId('cards-sign-in', {}, LOADED)).textContent).toContain('Sign in');
  });

  it('lists the decks with their language, counts and a chart', async () => {
    serveCards(
      server([
        aDeck({
          id: 'd1',
          name: 'Biology',
          language: 'de',
          cards: [aCard({ id: 'a' }), aCard({ id: 'b', state: 'review', due: '2026-04-01T00:00:00Z' })],
        }),
      ]),
    );
    renderPage();
    const row = await screen.findByTestId('deck-row', {}, LOADED);
    expect(within(row).getByTestId('deck-open').textContent).toBe('Biology');
    expect(row.textContent).toContain('Deutsch');
    expect(within(row).getByTestId('deck-counts').textContent).toBe('2 cards · 1 due');
    expect(within(row).getByRole('img').getAttribute('aria-label')).toBe('1 new, 0 learning, 1 known');
  });

  it('shows the empty state, whose call to action leads to the new-deck form', async () => {
    serveCards(server([]));
    renderPage();
    const empty = await screen.findByTestId('decks-empty', {}, LOADED);
    expect(empty.textContent).toContain('No decks yet');
    fireEvent.click(within(empty).getByRole('button', { name: 'Make your first deck' }));
    expect(document.activeElement).toBe(screen.getByTestId('new-deck-source'));
  });

  it('shows a translated error when the decks cannot be loaded, and tries again', async () => {
    let fail = true;
    const state = server();
    const { fetchMock } = serveCards(state);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      fail && String(input) === '/api/cards/decks'
        ? json(503, { error: { code: 'service_unavailable', message: 'Der Dienst ist gerade nicht erreichbar.' } })
        : (answer as NonNullable<typeof answer>)(input, init),
    );
    renderPage();
    const error = await screen.findByTestId('decks-error', {}, LOADED);
    expect(error.textContent).toContain('Der Dienst ist gerade nicht erreichbar.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('deck-row')).textContent).toContain('3 cards · 3 due');
  });

  it('makes a deck from a pasted text, shows the progress, then opens the new deck', async () => {
    const state = server([]);
    let answer: (response: Response) => void = () => undefined;
    const { calls } = serveCards(state, {
      create: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('new-deck-text', {}, LOADED));
    fireEvent.change(screen.getByTestId('create-text'), { target: { value: 'Too short to learn from.' } });
    fireEvent.click(screen.getByTestId('create-submit'));
    expect(screen.getByTestId('create-text-problem').textContent).toContain('at least 30');
    expect(cardsCalls(calls).filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('create-text'), { target: { value: TEXT } });
    fireEvent.change(screen.getByTestId('create-name'), { target: { value: '  Plants  ' } });
    fireEvent.change(screen.getByTestId('create-language'), { target: { value: 'de' } });
    fireEvent.change(screen.getByTestId('create-count'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('create-submit'));
    expect((await screen.findByTestId('create-progress')).textContent).toContain('Writing 10 cards');
    const post = cardsCalls(calls).find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/cards/decks');
    expect(post?.body).toEqual({ text: TEXT, name: 'Plants', language: 'de', count: 10 });

    const made = aDeck({ id: 'new-deck', name: 'Plants' });
    state.decks = [made];
    answer(json(201, { data: made }));
    expect((await screen.findByTestId('deck-name')).textContent).toBe('Plants');
    expect(screen.getByTestId('deck-view').dataset.deckId).toBe('new-deck');
    expect(rows()).toEqual(['c1', 'c2', 'c3']);
  });

  it('makes a deck from a usable source only', async () => {
    const { calls } = serveCards(server([]));
    renderPage();
    const select = (await screen.findByTestId('create-source', {}, LOADED)) as HTMLSelectElement;
    const reading = within(select).getByRole('option', { name: /Reading\.pdf/ }) as HTMLOptionElement;
    expect(reading.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 's1' } });
    fireEvent.click(screen.getByTestId('create-submit'));
    await screen.findByTestId('deck-view');
    expect(cardsCalls(calls).find((call) => call.method === 'POST')?.body).toEqual({ source_id: 's1', count: 20 });
  });

  it('opens the limit dialog when the plan does not include the tool', async () => {
    serveCards(server([]), {
      create: () =>
        json(402, { error: { code: 'subscription_required', message: 'You need a subscription to use this tool.' } }),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('new-deck-text', {}, LOADED));
    fireEvent.change(screen.getByTestId('create-text'), { target: { value: TEXT } });
    fireEvent.click(screen.getByTestId('create-submit'));
    const dialog = await screen.findByTestId('limit-dialog');
    expect(dialog.textContent).toContain('You need a subscription to use this tool.');
    expect(screen.getByTestId('create-error').textContent).toContain('You need a subscription');
  });

  it('imports a CSV file: reads it, names the deck after it and sends the chosen language', async () => {
    const { calls } = serveCards(server([]));
    renderPage();
    fireEvent.click(await screen.findByTestId('new-deck-import', {}, LOADED));
    const csv = 'front,back\n"Cell, the unit",Smallest unit of life\n';
    const file = new File([csv], 'Cell_biology.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
    await waitFor(() => expect((screen.getByTestId('import-name') as HTMLInputElement).value).toBe('Cell biology'));
    fireEvent.change(screen.getByTestId('import-language'), { target: { value: 'fr' } });
    fireEvent.click(screen.getByTestId('import-submit'));
    await screen.findByTestId('deck-view');
    const post = cardsCalls(calls).find((call) => call.url === '/api/cards/decks/import');
    expect(post?.body).toEqual({ name: 'Cell biology', language: 'fr', csv });
  });

  it('will not import an empty file, and says why', async () => {
    const { calls } = serveCards(server([]));
    renderPage();
    fireEvent.click(await screen.findByTestId('new-deck-import', {}, LOADED));
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File(['  \n'], 'empty.csv')] } });
    expect((await screen.findByTestId('import-file-problem')).textContent).toContain('This file is empty');
    fireEvent.click(screen.getByTestId('import-submit'));
    expect(cardsCalls(calls).filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

describe('a deck', () => {
  it('moves a card down and sends the whole new order, the focus following the card', async () => {
    const state = server();
    const { calls } = serveCards(state);
    renderPage('/feature/cards?deck=d1');
    await screen.findByTestId('card-list', {}, LOADED);
    const first = screen.getAllByTestId('card-row')[0] as HTMLElement;
    fireEvent.click(within(first).getByRole('button', { name: 'Move card 1 down' }));
    expect(rows()).toEqual(['c2', 'c1', 'c3']);
    await waitFor(() =>
      expect(cardsCalls(calls).find((call) => call.method === 'PUT')?.body).toEqual({ card_ids: ['c2', 'c1', 'c3'] }),
    );
    expect(cardsCalls(calls).find((call) => call.method === 'PUT')?.url).toBe('/api/cards/decks/d1/order');
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.move).toBe('down'));
    expect(document.activeElement?.closest<HTMLElement>('[data-testid="card-row"]')?.dataset.cardId).toBe('c1');
    expect(state.decks[0]?.cards.map((card) => card.id)).toEqual(['c2', 'c1', 'c3']);
  });

  it('puts the order back when the server refuses it', async () => {
    serveCards(server(), {
      reorder: () => json(409, { error: { code: 'cards_order_mismatch', message: 'The deck changed meanwhile.' } }),
    });
    renderPage('/feature/cards?deck=d1');
    await screen.findByTestId('card-list', {}, LOADED);
    fireEvent.click(screen.getAllByTestId('card-move-up')[2] as HTMLElement);
    expect(rows()).toEqual(['c1', 'c3', 'c2']);
    expect((await screen.findByTestId('reorder-error')).textContent).toContain('The deck changed meanwhile.');
    expect(rows()).toEqual(['c1', 'c2', 'c3']);
  });

  it('deletes a card only after the server did', async () => {
    let answer: (response: Response) => void = () => undefined;
    serveCards(server(), { deleteCard: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPage('/feature/cards?deck=d1');
    await screen.findByTestId('card-list', {}, LOADED);
    fireEvent.click(within(screen.getAllByTestId('card-row')[1] as HTMLElement).getByTestId('card-delete'));
    const dialog = await screen.findByTestId('card-delete-dialog');
    expect(dialog.textContent).toContain('Chlorophyll');
    fireEvent.click(within(dialog).getByTestId('card-delete-dialog-confirm'));
    expect(within(dialog).getByTestId('card-delete-dialog-confirm').textContent).toContain('Deleting');
    expect(rows()).toEqual(['c1', 'c2', 'c3']);
    await act(async () => answer(json(200, { data: { deleted: true } })));
    await waitFor(() => expect(rows()).toEqual(['c1', 'c3']));
    expect(screen.queryByTestId('card-delete-dialog')).toBeNull();
  });

  it('keeps a card whose deletion failed, and says why in the dialog', async () => {
    serveCards(server(), {
      deleteCard: () => json(404, { error: { code: 'not_found', message: 'This card was not found.' } }),
    });
    renderPage('/feature/cards?deck=d1');
    await screen.findByTestId('card-list', {}, LOADED);
    fireEvent.click(screen.getAllByTestId('card-delete')[0] as HTMLElement);
    fireEvent.click(await screen.findByTestId('card-delete-dialog-confirm'));
    expect((await screen.findByTestId('card-delete-dialog-error')).textContent).toBe('This card was not found.');
    expect(rows()).toEqual(['c1', 'c2', 'c3']);
  });

  it('edits a card in place, checks it by the contract and sends only what changed', async () => {
    const { calls } = serveCards(server());
    renderPage('/feature/cards?deck=d1');
    await screen.findByTestId('card-list', {}, LOADED);
    fireEvent.click(screen.getAllByTestId('card-edit-open')[0] as HTMLElement);
    const front = screen.getByTestId('card-edit-front');
    expect(document.activeElement).toBe(front);
    fireEvent.change(front, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('card-edit-save'));
    expect(screen.getByTestId('card-edit-front-problem').textContent).toBe('This side cannot be empty.');
    expect(cardsCalls(calls).filter((call) => call.method === 'PATCH')).toHaveLength(0);

    fireEvent.change(front, { target: { value: 'Photosynthesis (plants)' } });
    fireEvent.keyDown(front, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(screen.queryByTestId('card-edit')).toBeNull());
    const patch = cardsCalls(calls).find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/api/cards/decks/d1/cards/c1');
    expect(patch?.body).toEqual({ front: 'Photosynthesis (plants)' });
    expect(screen.getAllByTestId('card-front')[0]?.textContent).toBe('Photosynthesis (plants)');
  });

  it('adds a card at the end, and Escape cancels an edit', async () => {
    serveCards(server());
    renderPage('/feature/cards?deck=d1');
    await screen.findByTestId('card-list', {}, LOADED);
    fireEvent.change(screen.getByTestId('card-add-front'), { target: { value: 'Xylem' } });
    fireEvent.change(screen.getByTestId('card-add-back'), { target: { value: 'Carries water up' } });
    fireEvent.click(screen.getByTestId('card-add-save'));
    await waitFor(() => expect(screen.getAllByTestId('card-row')).toHaveLength(4));
    expect(screen.getAllByTestId('card-front').at(-1)?.textContent).toBe('Xylem');
    expect((screen.getByTestId('card-add-front') as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(screen.getAllByTestId('card-edit-open')[0] as HTMLElement);
    fireEvent.keyDown(screen.getByTestId('card-edit-front'), { key: 'Escape' });
    expect(screen.queryByTestId('card-edit')).toBeNull();
  });

  it('renames the deck and deletes it after asking', async () => {
    const state = server();
    serveCards(state);
    const router = renderPage('/feature/cards?deck=d1');
    fireEvent.click(await screen.findByTestId('deck-rename', {}, LOADED));
    fireEvent.change(screen.getByTestId('deck-rename-input'), { target: { value: 'Plant biology' } });
    fireEvent.click(screen.getByTestId('deck-rename-save'));
    await waitFor(() => expect(screen.getByTestId('deck-name').textContent).toBe('Plant biology'));

    fireEvent.click(screen.getByTestId('deck-delete'));
    fireEvent.click(within(await screen.findByTestId('deck-delete-dialog')).getByTestId('deck-delete-dialog-confirm'));
    await screen.findByTestId('decks-empty');
    expect(router.state.location.search).toBe('');
    expect(state.decks).toEqual([]);
  });

  it('downloads the CSV export with the name the server gives it', async () => {
    const { calls } = serveCards(server());
    const createObjectURL = vi.fn(() => 'blob:deck');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage('/feature/cards?deck=d1');
    fireEvent.click(await screen.findByTestId('deck-export-csv', {}, LOADED));
    await waitFor(() => expect(clicked).toEqual(['biology.csv']));
    const exported = cardsCalls(calls).find((call) => call.url.includes('/export'));
    expect(exported?.url).toBe('/api/cards/decks/d1/export?format=csv');
    expect(exported?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('says when a deck is not there (or not the user’s)', async () => {
    serveCards(server());
    renderPage('/feature/cards?deck=someone-elses');
    expect((await screen.findByTestId('deck-error', {}, LOADED)).textContent).toContain('This deck was not found.');
  });
});

describe('study mode', () => {
  it('Space flips, 2 grades as hard, the next card comes; at the end a summary with the updated chart', async () => {
    const state = server();
    const { calls } = serveCards(state);
    renderPage('/feature/cards?deck=d1&study=1');
    const card = await screen.findByTestId('study-card', {}, LOADED);
    expect(screen.getByTestId('study-front').textContent).toBe('Photosynthesis');
    expect(screen.getByTestId('study-keys').textContent).toContain('1 again, 2 hard, 3 good, 4 easy');
    expect(card.dataset.flipped).toBe('false');
    expect(screen.getByTestId('study-round').querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      '3 new, 0 learning, 0 known',
    );

    // Grades wait until the answer was seen.
    fireEvent.keyDown(document.body, { key: '2' });
    expect(state.reviews).toEqual([]);

    fireEvent.keyDown(document.body, { key: ' ' });
    expect(screen.getByTestId('study-card').dataset.flipped).toBe('true');
    expect(screen.getByTestId('study-answer').textContent).toBe('Light into sugar');
    fireEvent.keyDown(document.body, { key: '2' });
    await waitFor(() => expect(screen.getByTestId('study-position').textContent).toBe('Card 2 of 3'));
    expect(state.reviews).toEqual([{ cardId: 'c1', grade: 2 }]);
    expect(cardsCalls(calls).find((call) => call.url.endsWith('/review'))?.body).toEqual({ grade: 2 });
    expect(screen.getByTestId('study-card').dataset.flipped).toBe('false');
    expect(screen.getByTestId('study-round').querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      '2 new, 1 learning, 0 known',
    );

    fireEvent.keyDown(document.body, { key: 'Enter' });
    fireEvent.keyDown(document.body, { key: '3' });
    await waitFor(() => expect(screen.getByTestId('study-position').textContent).toBe('Card 3 of 3'));
    fireEvent.click(screen.getByTestId('study-flip'));
    fireEvent.click(screen.getByTestId('study-grade-1'));

    const done = await screen.findByTestId('study-summary');
    expect(within(done).getByTestId('study-summary-text').textContent).toContain('Cards studied: 3');
    expect(done.textContent).toContain('Again: 1');
    expect(done.textContent).toContain('Hard: 1');
    expect(state.reviews.map((review) => review.grade)).toEqual([2, 3, 1]);
    await waitFor(() =>
      expect(within(done).getByTestId('deck-chart-bar').getAttribute('aria-label')).toBe('0 new, 3 learning, 0 known'),
    );
    // The days chart renders with the refreshed progress, which may come a render after the bar.
    expect((await within(done).findByTestId('deck-chart-days')).getAttribute('aria-label')).toContain('3, of which 1');
  });

  it('ignores the keys while the user types in a field or holds a modifier', async () => {
    const state = server();
    serveCards(state);
    renderPage('/feature/cards?deck=d1&study=1');
    await screen.findByTestId('study-card', {}, LOADED);
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: ' ' });
    expect(screen.getByTestId('study-card').dataset.flipped).toBe('false');
    fireEvent.keyDown(document.body, { key: ' ', ctrlKey: true });
    expect(screen.getByTestId('study-card').dataset.flipped).toBe('false');
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(field, { key: '4' });
    expect(state.reviews).toEqual([]);
    field.remove();
  });

  it('says when nothing is due, and when the next card will be', async () => {
    serveCards(server([aDeck({ cards: [aCard({ id: 'later', state: 'review', due: '2026-03-12T15:30:00Z' })] })]));
    renderPage('/feature/cards?deck=d1&study=1');
    expect((await screen.findByTestId('study-nothing-due', {}, LOADED)).textContent).toContain(
      'Nothing to study right now.',
    );
    await waitFor(() => expect(screen.getByTestId('study-next-due').textContent).toMatch(/Mar 12, 2026/));
  });

  it('speaks German on the German page', async () => {
    serveCards(server());
    renderPage('/de/feature/cards?deck=d1&study=1');
    await screen.findByTestId('study-card', {}, LOADED);
    expect(screen.getByTestId('study-flip').textContent).toContain('Antwort zeigen');
    expect(screen.getByTestId('study-keys').textContent).toContain('1 nochmal');
  });
});
