import type { DetectorResult } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, within } from '../../test/render';
import { signIn } from '../../test/session';
import { clearSession } from '../auth';
import { invalidateServerStatus } from '../status/status.store';

const HUMAN = 'My grandmother kept bees behind the shed for almost forty years.';
const TEMPLATED = 'Bees are important for the economy.';
const TEXT = `${HUMAN}\n\n${TEMPLATED} ${'Filler words make this text long enough to analyse. '.repeat(6)}`;

function aResult(overrides: Partial<DetectorResult> = {}): DetectorResult {
  const templatedAt = TEXT.indexOf(TEMPLATED);
  return {
    language: 'en',
    language_detected: true,
    words: 61,
    overall: 0.62,
    overall_band: 'medium',
    sentences: [
      { offset: 0, length: HUMAN.length, score: 0.12, band: 'low' },
      { offset: templatedAt, length: TEMPLATED.length, score: 0.91, band: 'high' },
    ],
    signals: [
      { name: 'repetition', value: 0.875, score: 1, weight: 0.3, note: 'machine_like' },
      { name: 'vocabulary', value: 0.83, score: 0, weight: 0.3, note: 'human_like' },
    ],
    engine: { kind: 'builtin', model: null },
    notices: [{ code: 'short_text' }],
    ...overrides,
  };
}

function serve(detect?: (call: StubbedCall) => Response | Promise<Response>) {
  return stubFetch((call) => {
    const { pathname } = new URL(call.url, 'http://localhost');
    if (pathname === '/api/status') return json(200, STATUS_OK);
    if (pathname === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (pathname === '/api/prompt_templates') return json(200, { data: [] });
    if (pathname === '/gen/ai-detector' && call.method === 'POST') {
      return detect?.(call) ?? json(200, { data: aResult() });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

/** The first render loads the layout, page and tool chunks, which takes a while on a busy machine. */
const LOADED = { timeout: 5_000 };

function renderPage(path = '/feature/ai-detector') {
  render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: [path] })} />);
}

async function typeText(text = TEXT) {
  fireEvent.change(await screen.findByTestId('detector-text', {}, LOADED), { target: { value: text } });
}

const detectCalls = (calls: StubbedCall[]) => calls.filter((call) => call.url === '/gen/ai-detector');

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});
afterEach(() => vi.restoreAllMocks());

describe('the AI detector page', () => {
  it('asks visitors to sign in', async () => {
    clearSession();
    serve();
    renderPage();
    expect((await screen.findByTestId('detector-sign-in', {}, LOADED)).textContent).toContain('Sign in');
  });

  it('shows the empty state and the explanation before anything is analysed', async () => {
    serve();
    renderPage();
    expect((await screen.findByTestId('detector-empty', {}, LOADED)).textContent).toContain('appears here');
    const explanation = screen.getByTestId('detector-explanation');
    expect(explanation.textContent).toContain('not proof');
    expect(explanation.textContent).toContain('Never use these scores alone to accuse anyone');
  });

  it('will not send too little text, and says why', async () => {
    const { calls } = serve();
    renderPage();
    await typeText('Only a few words here.');
    expect(screen.getByTestId('detector-text-problem').textContent).toContain('Below 40 words');
    expect((screen.getByTestId('detector-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('detector-form'));
    expect(detectCalls(calls)).toHaveLength(0);
  });

  it('sends the text and language, then marks each sentence by band with a legend, gauge, signals and notices', async () => {
    const { calls } = serve();
    renderPage();
    await typeText();
    fireEvent.change(screen.getByTestId('detector-language'), { target: { value: 'en' } });
    fireEvent.click(screen.getByTestId('detector-submit'));
    await screen.findByTestId('detector-result');

    expect(detectCalls(calls)[0]?.body).toEqual({ inputs: { text: TEXT, language: 'en' } });
    expect(screen.getByTestId('detector-scored-text').textContent?.startsWith(HUMAN)).toBe(true);
    const sentences = screen.getAllByTestId('detector-sentence');
    expect(sentences.map((sentence) => sentence.dataset.band)).toEqual(['low', 'high']);
    expect(within(sentences[1] as HTMLElement).getByText(/High likelihood, 91%/).textContent).toBe(
      ' (High likelihood, 91%)',
    );
    expect(screen.getByTestId('detector-legend').textContent).toContain('Medium likelihood');
    expect(screen.getByTestId('detector-overall').textContent).toContain('62%');
    const gauge = within(screen.getByTestId('detector-overall')).getByRole('meter') as HTMLMeterElement;
    expect(gauge.value).toBe(0.62);
    expect(gauge.getAttribute('aria-label')).toContain('62%');
    const signals = screen.getByTestId('detector-signals').textContent;
    expect(signals).toContain('Repetition');
    expect(signals).toContain('formulaic or generated');
    expect(screen.getByTestId('detector-notices').textContent).toContain('under 150 words');
    expect(screen.getByTestId('detector-engine').textContent).toContain("Quire's built-in statistics");
    expect(screen.getByTestId('detector-explanation').textContent).toContain(
      'Never use these scores alone to accuse anyone.',
    );
  });

  it('names the model and says when it fell back to the statistics', async () => {
    serve(() =>
      json(200, {
        data: aResult({ engine: { kind: 'builtin', model: null }, notices: [{ code: 'model_logprobs_unsupported' }] }),
      }),
    );
    renderPage();
    await typeText();
    fireEvent.click(screen.getByTestId('detector-submit'));
    expect((await screen.findByTestId('detector-notices')).textContent).toContain('cannot score given text');
  });

  it('shows a loading state, then the server error with what to do next', async () => {
    let answer: (response: Response) => void = () => undefined;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    await typeText();
    fireEvent.keyDown(screen.getByTestId('detector-text'), { key: 'Enter', ctrlKey: true });
    expect((await screen.findByTestId('detector-analysing')).textContent).toBe('Analysing…');
    answer(
      json(400, {
        error: {
          code: 'validation_error',
          message: 'Text is not valid',
          details: { fields: [{ path: 'inputs.text', message: 'Text is not valid' }] },
        },
      }),
    );
    const error = await screen.findByTestId('detector-error');
    expect(error.textContent).toContain('Text is not valid');
    expect(error.textContent).toContain('try again');
    expect(screen.getByTestId('detector-text-problem').textContent).toBe('Text is not valid');
  });

  it('opens the plans dialog when the plan does not include the tool', async () => {
    serve(() =>
      json(402, { error: { code: 'subscription_required', message: 'You need a subscription to use this tool.' } }),
    );
    renderPage();
    await typeText();
    fireEvent.keyDown(screen.getByTestId('detector-text'), { key: 'Enter', ctrlKey: true });
    const dialog = await screen.findByTestId('limit-dialog');
    expect(dialog.textContent).toContain('You need a subscription to use this tool.');
    expect(screen.getByTestId('limit-pricing').getAttribute('href')).toBe('/pricing');
  });

  it('speaks German on the German page', async () => {
    serve();
    renderPage('/de/feature/ai-detector');
    await typeText();
    fireEvent.click(screen.getByTestId('detector-submit'));
    await screen.findByTestId('detector-result');
    expect(screen.getAllByTestId('detector-sentence')[1]?.textContent).toContain('Hohe Wahrscheinlichkeit');
    expect(screen.getByTestId('detector-explanation').textContent).toContain('kein Beweis');
  });
});
