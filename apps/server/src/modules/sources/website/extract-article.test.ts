import { describe, expect, it } from 'vitest';
import { extractArticle, isPdfResponse, normaliseText } from './extract-article';

const URL_DE = 'https://zeitung.example/wissen/2023/moore';

const PARAGRAPHS = [
  'Moore bedecken nur etwa drei Prozent der Landfläche der Erde, speichern aber rund ein Drittel des im Boden gebundenen Kohlenstoffs. Werden sie entwässert, zersetzt sich der Torf und setzt über Jahrzehnte hinweg Kohlendioxid frei.',
  'In Deutschland sind mehr als neunzig Prozent der Moorflächen trockengelegt, die meisten für Landwirtschaft und Forst. Nach Angaben des Umweltbundesamtes stammen etwa sieben Prozent der nationalen Treibhausgasemissionen aus diesen Böden.',
  'Die Wiedervernässung gilt deshalb als eine der günstigsten Klimaschutzmaßnahmen. Landwirte, die ihre Flächen vernässen, können dort Schilf oder Rohrkolben anbauen, ein Verfahren, das als Paludikultur bezeichnet wird.',
  'Kritiker weisen darauf hin, dass die Umstellung Zeit braucht und Betriebe in der Übergangsphase auf Förderung angewiesen sind. Forschende der Universität Greifswald halten die Ziele dennoch für erreichbar.',
];

const GERMAN_ARTICLE = `<!doctype html>
<html lang="de-DE">
<head>
  <meta charset="utf-8">
  <title>Warum Moore für den Klimaschutz wichtig sind | Zeitung Beispiel</title>
  <meta property="og:site_name" content="Zeitung Beispiel">
  <meta name="description" content="Entwässerte Moore setzen große Mengen Kohlendioxid frei.">
  <script>document.documentElement.lang = 'en'; throw new Error('the page script ran');</script>
</head>
<body>
  <header class="site-header">
    <nav class="main-nav">
      <ul>
        <li><a href="/">Startseite</a></li><li><a href="/politik">Politik</a></li>
        <li><a href="/wirtschaft">Wirtschaft</a></li><li><a href="/wissen">Wissen</a></li>
      </ul>
    </nav>
  </header>
  <div class="ad-banner advertisement">Anzeige: Jetzt Traumreise buchen und zwanzig Prozent sparen!</div>
  <main>
    <article>
      <h1>Warum Moore für den Klimaschutz wichtig sind</h1>
      <p class="byline">Von <a rel="author" href="/autoren/anna-schmidt">Anna Schmidt</a></p>
      <time datetime="2023-03-14T08:00:00+01:00">14. März 2023</time>
      ${PARAGRAPHS.map((text) => `<p>${text}</p>`).join('\n      ')}
    </article>
    <aside class="sidebar">
      <h3>Meistgelesen</h3>
      <ul><li><a href="/a">Zehn Tipps für den Garten</a></li><li><a href="/b">Die besten Rezepte</a></li></ul>
    </aside>
    <section id="comments" class="comments">
      <h3>Kommentare</h3>
      <div class="comment">Toller Artikel, danke!</div>
      <div class="comment">Ich sehe das ganz anders.</div>
    </section>
  </main>
  <footer class="site-footer">© 2023 Zeitung Beispiel · Impressum · Datenschutz</footer>
  <script>
    document.querySelector('article').insertAdjacentHTML('beforeend', '<p>' + 'The page script ran and wrote this. '.repeat(5) + '</p>');
  </script>
</body>
</html>`;

describe('extractArticle', () => {
  it('reduces a news page to its German article: title, byline, language, date, paragraphs', async () => {
    const article = await extractArticle(GERMAN_ARTICLE, URL_DE);
    expect(article).not.toBeNull();
    expect(article?.title).toBe('Warum Moore für den Klimaschutz wichtig sind');
    expect(article?.byline).toBe('Anna Schmidt');
    expect(article?.siteName).toBe('Zeitung Beispiel');
    expect(article?.lang).toBe('de');
    expect(article?.publishedYear).toBe(2023);
    expect(article?.excerpt).toBe('Entwässerte Moore setzen große Mengen Kohlendioxid frei.');
    // The title and byline are not repeated in the text; the visible date line is part of the article.
    expect(article?.paragraphs).toEqual(['14. März 2023', ...PARAGRAPHS]);
    expect(article?.text).toContain(`${PARAGRAPHS[0]}\n\n${PARAGRAPHS[1]}`);
  });

  it('leaves navigation, ads, sidebars, comments and footer out', async () => {
    const text = (await extractArticle(GERMAN_ARTICLE, URL_DE))?.text ?? '';
    for (const furniture of [
      'Startseite',
      'Anzeige',
      'Traumreise',
      'Meistgelesen',
      'Kommentare',
      'Toller Artikel',
      'Impressum',
    ]) {
      expect(text).not.toContain(furniture);
    }
  });

  it('never runs the scripts of the page', async () => {
    const article = await extractArticle(GERMAN_ARTICLE, URL_DE);
    expect(article?.lang).toBe('de');
    expect(article?.text).not.toContain('script ran');
  });

  it('collapses whitespace inside paragraphs and keeps paragraphs apart', async () => {
    const html = `<html lang="en"><head><title>Spacing</title></head><body><article>
      <h1>Spacing</h1>
      <p>The   first\n\t paragraph&nbsp;has odd spacing, a soft&shy;hyphen and enough words to count as text for the reader view of the page.</p>
      <p>A second paragraph<br>with a line break follows, long enough that the whole article passes the minimum length for an article.</p>
      <ul><li>A list item that is also a paragraph</li><li>Another list item</li></ul>
    </article></body></html>`;
    const article = await extractArticle(html, 'https://example.org/spacing');
    expect(article?.paragraphs).toEqual([
      'The first paragraph has odd spacing, a softhyphen and enough words to count as text for the reader view of the page.',
      'A second paragraph with a line break follows, long enough that the whole article passes the minimum length for an article.',
      'A list item that is also a paragraph',
      'Another list item',
    ]);
    expect(article?.text).not.toMatch(/ {2}|\t/);
    expect(article?.lang).toBe('en');
    expect(article?.byline).toBeNull();
    expect(article?.publishedYear).toBeNull();
  });

  it('takes the year from JSON-LD or citation meta tags', async () => {
    const body = `<article><h1>A study</h1>${'<p>Findings of the study are reported in this paragraph at some length. </p>'.repeat(6)}</article>`;
    const jsonLd = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"A study","datePublished":"2019-06-01T10:00:00Z"}</script>`;
    const citation = '<meta name="citation_publication_date" content="2004/12/06">';
    expect(
      (await extractArticle(`<html><head>${jsonLd}</head><body>${body}</body></html>`, 'https://a.example/'))
        ?.publishedYear,
    ).toBe(2019);
    expect(
      (await extractArticle(`<html><head>${citation}</head><body>${body}</body></html>`, 'https://a.example/'))
        ?.publishedYear,
    ).toBe(2004);
  });

  it('reads the character set from the Content-Type when given bytes', async () => {
    const html = `<html lang="de"><head><title>Umlaute</title></head><body><article><h1>Umlaute</h1>${'<p>Größere Übungen für Ärztinnen und Ärzte in Düsseldorf, mit genügend Text für einen Artikel.</p>'.repeat(4)}</article></body></html>`;
    const latin1 = Buffer.from(html, 'latin1');
    const article = await extractArticle(latin1, 'https://a.example/', {
      contentType: 'text/html; charset=ISO-8859-1',
    });
    expect(article?.paragraphs[0]).toBe(
      'Größere Übungen für Ärztinnen und Ärzte in Düsseldorf, mit genügend Text für einen Artikel.',
    );
  });

  it('finds no article on a page that is only navigation', async () => {
    const html = `<html><head><title>Übersicht</title></head><body>
      <nav><ul><li><a href="/a">Politik</a></li><li><a href="/b">Sport</a></li><li><a href="/c">Kultur</a></li></ul></nav>
      <div class="cookie-banner">Wir verwenden Cookies. <button>OK</button></div>
      <footer>Impressum</footer>
    </body></html>`;
    expect(await extractArticle(html, 'https://a.example/')).toBeNull();
  });

  it('finds no article in an empty document', async () => {
    expect(await extractArticle('', 'https://a.example/')).toBeNull();
  });
});

describe('normaliseText', () => {
  it('collapses all whitespace and removes invisible characters', () => {
    expect(normaliseText('  a\u00a0\u00a0b\n\nc\u200b\u00add\ufeff ')).toBe('a b cd');
  });
});

describe('isPdfResponse', () => {
  it.each([
    ['application/pdf', '<html>', true],
    ['Application/PDF; charset=binary', '', true],
    ['application/x-pdf', '', true],
    ['application/octet-stream', '%PDF-1.7\n%âãÏÓ', true],
    ['text/html', '%PDF-1.4', true],
    ['', '\ufeff\n %PDF-1.5', true],
    ['text/html', '<!doctype html><p>%PDF-1.4</p>', false],
    ['application/octet-stream', 'PK\u0003\u0004', false],
    ['text/plain', '', false],
  ])('%s with a body starting %j → %s', (contentType, body, expected) => {
    expect(isPdfResponse(contentType, Buffer.from(body, 'utf8'))).toBe(expected);
  });
});
