import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureLocale } from '../../i18n/i18n';
import { json, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { fireEvent, render, screen, within } from '../../test/render';
import { signIn } from '../../test/session';
import { ABSTRACT, aStructure } from '../../test/structure';
import { PaperOutline } from './PaperOutline';

const STRUCTURE = aStructure();
const EMPTY = aStructure({
  title: null,
  authors: [],
  abstract: null,
  keywords: [],
  year: null,
  headings: [],
  captions: [],
  references: [],
});

const STRUCTURE_URL = '/doc/documents/d1/structure';

function serve(answer: (call: StubbedCall) => Response | Promise<Response>) {
  return stubFetch((call) =>
    call.url === STRUCTURE_URL ? answer(call) : json(404, { error: { code: 'not_found', message: 'Not found' } }),
  );
}

/** The sections as shown: each entry's line, and the entries under it. */
type Shown = string | [string, Shown[]];
function sectionsOf(list: Element): Shown[] {
  return [...list.children].map((item) => {
    const line = item.querySelector(':scope > .paper-outline__section')?.textContent ?? '';
    const nested = item.querySelector(':scope > ol');
    return nested ? [line, sectionsOf(nested)] : line;
  });
}

beforeAll(async () => {
  await ensureLocale('en', 'full');
});

beforeEach(() => {
  signIn();
});

describe('PaperOutline', () => {
  it("shows a document's title, authors, year, abstract, keywords, sections, captions and references", async () => {
    const { calls } = serve(() => json(200, { data: STRUCTURE }));
    render(<PaperOutline documentId="d1" />);
    const outline = await screen.findByTestId('paper-outline');
    expect(within(outline).getByRole('heading', { level: 2 }).textContent).toBe('Document outline');
    expect((await within(outline).findByTestId('paper-outline-title')).textContent).toBe(
      'Cover crops against soil erosion',
    );
    expect(calls.map((call) => [call.method, call.url])).toEqual([['GET', STRUCTURE_URL]]);
    expect(within(outline).getByTestId('paper-outline-authors').textContent).toBe(
      'Ada Lovelace, Jan van der Berg, and Grace Hopper',
    );
    expect(within(outline).getByTestId('paper-outline-year').textContent).toBe('Published in 2021');
    expect(
      within(outline)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Abstract', 'Keywords', 'Sections']);

    const keywords = within(outline).getByRole('list', { name: 'Keywords' });
    expect(
      within(keywords)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['soil erosion', 'cover crops']);

    const sections = within(outline).getByRole('region', { name: 'Sections' });
    expect(sections.tabIndex).toBe(0);
    expect(sectionsOf(sections.querySelector('ol') as Element)).toEqual([
      '1Introductionp. 1',
      ['2Methodsp. 3', ['2.1Field sitesp. 3', '2.2Measurementsp. 4']],
      'Acknowledgementsp. 9',
    ]);
    expect(within(outline).getByTestId('paper-outline-captions').textContent).toBe('Figures: 2 · Tables: 1');

    const references = within(outline).getByTestId('paper-outline-references') as HTMLDetailsElement;
    expect(references.open).toBe(false);
    expect(references.querySelector('summary')?.textContent).toBe('References (2)');
    expect([...references.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '[1] Smith, J. (2019). Rain and soil. Soil Science 12, 3–9.',
      '[2] Jones, K. (2020). Roots hold the ground. Geoderma 40, 1–12.',
    ]);
  });

  it('folds a long abstract to a few lines; the button unfolds it and says so', async () => {
    serve(() => json(200, { data: STRUCTURE }));
    render(<PaperOutline documentId="d1" />);
    const abstract = await screen.findByTestId('paper-outline-abstract');
    expect(abstract.textContent).toBe(ABSTRACT.trim());
    expect(abstract.classList.contains('paper-outline__abstract--folded')).toBe(true);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle.getAttribute('aria-controls')).toBe(abstract.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(abstract.classList.contains('paper-outline__abstract--folded')).toBe(false);
    expect(toggle.textContent).toBe('Show less');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows that it loads, then says when Quire has not read the structure yet', async () => {
    let answer: (response: Response) => void = () => undefined;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<PaperOutline documentId="d1" />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading the outline…');

    answer(json(200, { data: null }));
    expect((await screen.findByTestId('paper-outline-empty')).textContent).toBe(
      "Quire has not read this document's structure yet, so there is no outline to show. You can still ask it questions.",
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByTestId('paper-outline-title')).toBeNull();
  });

  it('says so when a structure was read but holds nothing to show', async () => {
    serve(() => json(200, { data: EMPTY }));
    render(<PaperOutline documentId="d1" />);
    expect(await screen.findByText('Quire read this document but found no title, abstract or sections in it.')).toBe(
      screen.getByTestId('paper-outline').querySelector('.paper-outline__note'),
    );
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });

  it("shows the server's message when the outline cannot be loaded, and loads it again on retry", async () => {
    let fail = true;
    const { calls } = serve(() =>
      fail
        ? json(404, { error: { code: 'not_found', message: 'Dieses Dokument gibt es nicht.' } })
        : json(200, { data: STRUCTURE }),
    );
    render(<PaperOutline documentId="d1" />);
    const error = await screen.findByTestId('paper-outline-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('Dieses Dokument gibt es nicht.');

    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Document outline' }));
    expect((await screen.findByTestId('paper-outline-title')).textContent).toBe('Cover crops against soil erosion');
    expect(screen.queryByTestId('paper-outline-error')).toBeNull();
    expect(calls.filter((call) => call.url === STRUCTURE_URL)).toHaveLength(2);
  });
});
