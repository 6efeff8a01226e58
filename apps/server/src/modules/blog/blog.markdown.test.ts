import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS, countWords, readingMinutes, renderMarkdown } from './blog.markdown';

/** Every tag in some HTML with its attribute names; text outside tags never holds a raw `<`. */
function tagsOf(html: string): { name: string; attributes: string[] }[] {
  return [...html.matchAll(/<\/?([a-zA-Z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/g)].map((match) => ({
    name: (match[1] ?? '').toLowerCase(),
    attributes: [...(match[2] ?? '').matchAll(/([a-z-]+)="/g)].map((attribute) => attribute[1] ?? ''),
  }));
}

describe('rendering an article', () => {
  it('renders headings one level below the title, paragraphs and emphasis', () => {
    expect(renderMarkdown('# Top\n\n## Part\n\nSome **bold**, *italic* and _also italic_ text\nwith `code`.')).toBe(
      '<h2>Top</h2>\n<h2>Part</h2>\n<p>Some <strong>bold</strong>, <em>italic</em> and <em>also italic</em> text\nwith <code>code</code>.</p>',
    );
  });

  it('keeps underscores inside words and lone asterisks as text', () => {
    expect(renderMarkdown('snake_case_name and 3 * 4 * 5')).toBe('<p>snake_case_name and 3 * 4 * 5</p>');
  });

  it('renders tight and nested lists, numbered lists with their start, and quotes', () => {
    const html = renderMarkdown(
      '- one\n- two\n  - two a\n  - two b\n- three\n\n3. third\n4. fourth\n\n> quoted\n> **text**',
    );
    expect(html).toBe(
      [
        '<ul>',
        '<li>one</li>',
        '<li>two\n<ul>\n<li>two a</li>\n<li>two b</li>\n</ul>\n</li>',
        '<li>three</li>',
        '</ul>',
        '<ol start="3">',
        '<li>third</li>',
        '<li>fourth</li>',
        '</ol>',
        '<blockquote>\n<p>quoted\n<strong>text</strong></p>\n</blockquote>',
      ].join('\n'),
    );
  });

  it('renders loose lists with paragraphs, fenced code as text, rules and hard breaks', () => {
    expect(renderMarkdown('1. first\n\n2. second\n\n---\n\n```\n<b>x</b>\n```\n\nline  \nnext')).toBe(
      '<ol>\n<li>\n<p>first</p>\n</li>\n<li>\n<p>second</p>\n</li>\n</ol>\n<hr>\n<pre><code>&lt;b&gt;x&lt;/b&gt;\n</code></pre>\n<p>line<br>\nnext</p>',
    );
  });

  it('links to the web, to e-mail and within the site; other schemes keep only their text', () => {
    expect(
      renderMarkdown('[APA](https://apastyle.apa.org/ "Style") and [us](/de/blog) and [mail](mailto:a@b.org)'),
    ).toBe(
      '<p><a href="https://apastyle.apa.org/" title="Style" rel="noopener noreferrer">APA</a> and <a href="/de/blog">us</a> and <a href="mailto:a@b.org">mail</a></p>',
    );
    expect(renderMarkdown('[click](javascript:alert(1)) [data](data:text/html,x) [proto](//evil.example)')).toBe(
      '<p>click data proto</p>',
    );
  });

  it('shows raw HTML as text and encodes quotes in link targets', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](https://a.org/"onmouseover="y)',
    );
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://a.org/%22onmouseover=%22y" rel="noopener noreferrer">x</a>');
  });

  it('keeps script links, images, inline handlers and attribute breakouts inert', () => {
    const html = renderMarkdown(
      [
        '[a](JaVaScRiPt:alert(1)) [b](&#106;avascript:alert(1)) <javascript:alert(1)> [c](vbscript:x)',
        '![i](https://x.org/a.png) [t](https://x.org "a\\" onmouseover=\\"b")',
        '',
        '<a href="javascript:alert(1)">d</a> <b onclick="x">e</b> <svg onload=alert(1)>',
        '',
        '```js"><script>',
        'code',
        '```',
      ].join('\n'),
    );
    expect(html).toBe(
      [
        '<p>a b javascript:alert(1) c',
        '!<a href="https://x.org/a.png" rel="noopener noreferrer">i</a> <a href="https://x.org" title="a&quot; onmouseover=&quot;b" rel="noopener noreferrer">t</a></p>',
        '<p>&lt;a href=&quot;javascript:alert(1)&quot;&gt;d&lt;/a&gt; &lt;b onclick=&quot;x&quot;&gt;e&lt;/b&gt; &lt;svg onload=alert(1)&gt;</p>',
        '<pre><code class="language-js&quot;&gt;&lt;script&gt;">code',
        '</code></pre>',
      ].join('\n'),
    );
  });

  it('writes only allow-listed tags and attributes, whatever the input', () => {
    const markdownish = fc.stringMatching(/^[\s\S]{0,200}$/).map((text) => text);
    const pieces = fc.constantFrom(
      '<',
      '>',
      '"',
      "'",
      '&',
      '*',
      '_',
      '`',
      '[',
      ']',
      '(',
      ')',
      '#',
      '-',
      '>',
      '\n',
      ' ',
      'a',
      '1.',
      'javascript:',
      'https://x.org',
      '<a href="',
      'onerror=',
    );
    const assembled = fc.array(pieces, { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(markdownish, assembled), (markdown) => {
        const html = renderMarkdown(markdown);
        for (const tag of tagsOf(html)) {
          expect(Object.keys(ALLOWED_TAGS)).toContain(tag.name);
          for (const attribute of tag.attributes) expect(ALLOWED_TAGS[tag.name]).toContain(attribute);
        }
        // Every `<` left in the output opens an allow-listed tag.
        expect(html.replace(/<\/?([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/g, '')).not.toContain('<');
        expect(html).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
      }),
      { numRuns: 500 },
    );
  });
});

describe('reading time', () => {
  it('counts the words a reader reads, not the syntax', () => {
    expect(
      countWords('## A title\n\n- **one** item\n- [a link](https://example.org/long/path)\n\n> quoted — text'),
    ).toBe(8);
  });

  it('takes about a minute per 220 words, at least one', () => {
    expect(readingMinutes('word')).toBe(1);
    expect(readingMinutes('word '.repeat(880))).toBe(4);
  });
});
