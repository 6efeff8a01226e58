import type { ProofreadingIssue, ProofreadingResult } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { clearSession } from '../auth';
import { invalidateServerStatus } from '../status/status.store';

const TEXT = 'Teh results are are clear. Quire checks Quire texts.';

function issue(found: string, kind: ProofreadingIssue['kind'], suggestions: string[], from = 0): ProofreadingIssue {
  const offset = TEXT.indexOf(found, from);
  return {
    offset,
    length: found.length,
    kind,
    message: `Message about “${found}”`,
    suggestions,
    rule: kind === 'spelling' ? 'HUNSPELL' : 'REPEATED_WORD',
    origin: kind === 'spelling' ? 'hunspell' : 'rules',
  };
}

/** The contract's answer for TEXT: a misspelling, a repeated word (deleted by an empty suggestion), a name twice. */
function aResult(overrides: Partial<ProofreadingResult> = {}): ProofreadingResult {
  return {
    text: TEXT,
    language: 'en',
    language_detected: true,
    variant: 'en-US',
    issues: [
      issue('Teh', 'spelling', ['The', 'Tech']),
      issue(' are', 'grammar', [''], 12),
      issue('Quire', 'spelling', ['Quiet']),
      issue('Quire', 'spelling', ['Quiet'], 35),
      issue('clear', 'style', []),
    ],
    rewrites: [],
    engine: { languagetool: false, model: null },
    words: 9,
    notices: [],
    ...overrides,
  };
}

type Handlers = {
  check?: (call: StubbedCall) => Response;
  addWord?: (call: StubbedCall) => Response;
  engine?: 'builtin' | 'model';
};

function serve(handlers: Handlers = {}) {
  return stubFetch((call) => {
    const { pathname } = new URL(call.url, 'http://localhost');
    if (pathname === '/api/status') return json(200, STATUS_OK);
    if (pathname === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (pathname === '/api/prompt_templates') return json(200, { data: [] });
    if (pathname === '/api/status/engine') {
      const model = handlers.engine === 'model';
      return json(200, {
        data: model
          ? { engine: 'model', provider: 'openai-compatible', model: 'llama3.2' }
          : { engine: 'builtin', provider: 'builtin', model: null },
      });
    }
    if (pathname === '/gen/proofreading' && call.method === 'POST') {
      return handlers.check?.(call) ?? json(200, { data: aResult() });
    }
    if (pathname === '/api/dictionary' && call.method === 'POST') {
      const body = call.body as { word: string; language: string };
      return handlers.addWord?.(call) ?? json(201, { data: { ...body, created_at: '2026-03-03T10:00:00Z' } });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

/** The first render loads the layout, page and tool chunks, which takes a while on a busy machine. */
const LOADED = { timeout: 5_000 };

function renderPage() {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/feature/proofreading'] });
  render(<RouterProvider router={router} />);
}

async function typeText(text = TEXT) {
  const area = await screen.findByTestId('proofreading-text', {}, LOADED);
  fireEvent.change(area, { target: { value: text } });
}

async function check() {
  await typeText();
  fireEvent.click(screen.getByTestId('proofreading-submit'));
  await screen.findByTestId('proofreading-result');
}

const text = () => screen.getByTestId('proofreading-marked-text').textContent;
const marks = () => screen.queryAllByTestId('issue-mark');
const markTexts = () => marks().map((mark) => mark.textContent);
const checkCalls = (calls: StubbedCall[]) => calls.filter((call) => call.url === '/gen/proofreading');

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});

afterEach(() => vi.restoreAllMocks());

describe('the proofreading page', () => {
  it('asks visitors to sign in', async () => {
    clearSession();
    serve();
    renderPage();
    expect((await screen.findByTestId('proofreading-sign-in', {}, LOADED)).textContent).toContain('Sign in');
  });

  it('sends the text and chosen language, then underlines each issue in place with its kind', async () => {
    const { calls } = serve();
    renderPage();
    await typeText();
    expect(screen.getByTestId('proofreading-word-count').textContent).toBe('9 of 20,000 words');
    fireEvent.change(screen.getByTestId('proofreading-language'), { target: { value: 'en' } });
    fireEvent.click(screen.getByTestId('proofreading-submit'));
    await screen.findByTestId('proofreading-result');

    expect(checkCalls(calls)[0]?.body).toEqual({ inputs: { text: TEXT, language: 'en', rewrites: false } });
    expect(text()).toBe(TEXT);
    expect(markTexts()).toEqual(['Teh', ' are', 'clear', 'Quire', 'Quire']);
    expect(marks().map((mark) => mark.dataset.kind)).toEqual(['spelling', 'grammar', 'style', 'spelling', 'spelling']);
    expect(marks()[0]?.getAttribute('aria-label')).toBe('Spelling: “Teh”. Message about “Teh”');
    expect(screen.getByTestId('kind-filter-spelling').textContent).toContain('Spelling: 3');
    expect(screen.getByTestId('proofreading-language-result').textContent).toBe('Language: English (detected)');
  });

  it('applies a suggestion: the text changes and the later marks stay on their words', async () => {
    serve();
    renderPage();
    await check();
    fireEvent.click(marks()[0] as HTMLElement);
    const panel = screen.getByTestId('issue-panel');
    expect(within(panel).getByTestId('issue-message').textContent).toBe('Message about “Teh”');
    expect(document.activeElement).toBe(within(panel).getAllByTestId('issue-suggestion')[0]);
    fireEvent.click(within(panel).getByText('Tech'));

    expect(text()).toBe('Tech results are are clear. Quire checks Quire texts.');
    expect(markTexts()).toEqual([' are', 'clear', 'Quire', 'Quire']);
    expect(screen.queryByTestId('issue-panel')).toBeNull();
    // The focus moves on to the next issue.
    expect(document.activeElement).toBe(marks()[0]);

    // An empty suggestion deletes the repeated word.
    fireEvent.click(marks()[0] as HTMLElement);
    fireEvent.click(screen.getByText('Delete “ are”'));
    expect(text()).toBe('Tech results are clear. Quire checks Quire texts.');
    expect(markTexts()).toEqual(['clear', 'Quire', 'Quire']);

    fireEvent.click(screen.getByTestId('proofreading-undo'));
    expect(text()).toBe('Tech results are are clear. Quire checks Quire texts.');
  });

  it('applies all of one kind, and filters the marks by kind', async () => {
    serve();
    renderPage();
    await check();
    fireEvent.click(screen.getByTestId('apply-all-spelling'));
    expect(text()).toBe('The results are are clear. Quiet checks Quiet texts.');
    expect(markTexts()).toEqual([' are', 'clear']);
    expect(screen.queryByTestId('apply-all-spelling')).toBeNull();

    fireEvent.click(screen.getByTestId('kind-filter-grammar'));
    expect(screen.getByTestId('kind-filter-grammar').getAttribute('aria-pressed')).toBe('false');
    expect(markTexts()).toEqual(['clear']);
    // The text itself is whole either way.
    expect(text()).toBe('The results are are clear. Quiet checks Quiet texts.');
  });

  it('ignores an issue without changing the text', async () => {
    serve();
    renderPage();
    await check();
    fireEvent.click(screen.getAllByTestId('issue-mark')[2] as HTMLElement);
    fireEvent.click(screen.getByTestId('issue-ignore'));
    expect(markTexts()).toEqual(['Teh', ' are', 'Quire', 'Quire']);
    expect(text()).toBe(TEXT);
  });

  it('adds a word to the dictionary and removes every issue for it', async () => {
    const { calls } = serve();
    renderPage();
    await check();
    fireEvent.click(marks()[3] as HTMLElement);
    fireEvent.click(screen.getByTestId('issue-add-word'));
    await waitFor(() => expect(markTexts()).toEqual(['Teh', ' are', 'clear']));
    const post = calls.find((call) => call.url === '/api/dictionary');
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({ word: 'Quire', language: 'en' });
    expect(screen.getByTestId('proofreading-announcement').textContent).toBe('“Quire” is in your dictionary now.');
  });

  it('keeps the issue and says why when the dictionary refuses the word', async () => {
    serve({
      addWord: () => json(503, { error: { code: 'service_unavailable', message: 'The dictionary is unavailable.' } }),
    });
    renderPage();
    await check();
    fireEvent.click(marks()[0] as HTMLElement);
    fireEvent.click(screen.getByTestId('issue-add-word'));
    expect((await screen.findByTestId('issue-add-error')).textContent).toBe('The dictionary is unavailable.');
    expect(markTexts()).toContain('Teh');
  });

  it('shows the server’s validation message on the text and keeps it for editing', async () => {
    serve({
      check: () =>
        json(400, {
          error: {
            code: 'validation_error',
            message: 'Please check the highlighted fields.',
            details: { fields: [{ path: 'inputs.text', message: 'The text is too long to check at once.' }] },
          },
        }),
    });
    renderPage();
    await typeText();
    fireEvent.click(screen.getByTestId('proofreading-submit'));
    expect((await screen.findByTestId('proofreading-error')).textContent).toBe('Please check the highlighted fields.');
    expect(screen.getByTestId('proofreading-text-error').textContent).toBe('The text is too long to check at once.');
    expect((screen.getByTestId('proofreading-text') as HTMLTextAreaElement).value).toBe(TEXT);
    expect(screen.getByTestId('proofreading-text').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a text over the word limit before sending it', async () => {
    const { calls } = serve();
    renderPage();
    await typeText('word '.repeat(20_001));
    expect((await screen.findByTestId('proofreading-too-long')).textContent).toContain('20,001 words');
    expect((screen.getByTestId('proofreading-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(checkCalls(calls)).toHaveLength(0);
  });

  it('says that rewrites need a model on the built-in engine', async () => {
    serve();
    renderPage();
    await screen.findByTestId('proofreading-text', {}, LOADED);
    expect(screen.getByTestId('proofreading-rewrites-need-model').textContent).toContain('language model');
    expect(screen.queryByTestId('proofreading-rewrites')).toBeNull();
  });

  it('with a model, asks for rewrites and lists them apart; one is used only on its button', async () => {
    const rewrite = {
      offset: 0,
      length: 26,
      original: 'Teh results are are clear.',
      suggestion: 'The results are clear.',
    };
    const { calls } = serve({
      engine: 'model',
      check: () =>
        json(200, {
          data: aResult({
            rewrites: [{ ...rewrite, reason: 'Shorter and correct.' }],
            engine: { languagetool: false, model: 'llama3.2' },
          }),
        }),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('proofreading-rewrites', {}, LOADED));
    await check();
    expect(checkCalls(calls)[0]?.body).toMatchObject({ inputs: { rewrites: true } });
    const listed = screen.getByTestId('rewrite');
    expect(listed.textContent).toContain('The results are clear.');
    expect(listed.textContent).toContain('Why: Shorter and correct.');
    expect(text()).toBe(TEXT);

    fireEvent.click(within(listed).getByTestId('rewrite-use'));
    expect(text()).toBe('The results are clear. Quire checks Quire texts.');
    expect(markTexts()).toEqual(['Quire', 'Quire']);
    expect(screen.queryByTestId('rewrite')).toBeNull();
  });

  it('goes back to the editor with the corrected text', async () => {
    serve();
    renderPage();
    await check();
    fireEvent.click(screen.getByTestId('apply-all-spelling'));
    fireEvent.click(screen.getByTestId('proofreading-edit'));
    const area = (await screen.findByTestId('proofreading-text')) as HTMLTextAreaElement;
    expect(area.value).toBe('The results are are clear. Quiet checks Quiet texts.');
    expect(document.activeElement).toBe(area);
  });

  it('moves between the marks with the arrow keys and closes the panel with Escape', async () => {
    serve();
    renderPage();
    await check();
    const [first, second] = marks();
    first?.focus();
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(marks()[4]);
    fireEvent.click(second as HTMLElement);
    expect(second?.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByTestId('issue-panel'), { key: 'Escape' });
    expect(screen.queryByTestId('issue-panel')).toBeNull();
    expect(document.activeElement).toBe(second);
  });

  it('shows what did not take part, in the server’s words', async () => {
    const notices = [
      { code: 'languagetool_unavailable', message: 'LanguageTool did not answer; the built-in checks ran.' },
    ];
    serve({ check: () => json(200, { data: aResult({ notices }) }) });
    renderPage();
    await check();
    expect(screen.getByTestId('proofreading-notice').textContent).toBe(notices[0]?.message);
  });

  it('says so when the text has no issues', async () => {
    serve({ check: () => json(200, { data: aResult({ issues: [] }) }) });
    renderPage();
    await check();
    expect(screen.getByTestId('proofreading-clean').textContent).toBe('No issues found. The text looks clean.');
    expect(marks()).toHaveLength(0);
  });
});
