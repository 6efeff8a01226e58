import { describe, expect, it } from 'vitest';
import { FrontMatterError, parseFrontMatter } from './blog.front-matter';

describe('front matter', () => {
  it('reads plain and quoted values, an inline mapping, and the body after it', () => {
    const { data, body } = parseFrontMatter(
      [
        '---',
        'title: "Citing: a guide"',
        "description: It's 'simple' # not a comment here? no: a comment",
        'date: 2026-11-01',
        'cover: /blog/covers/citing.svg',
        'translations: { de: richtig-zitieren, fr: citer-ses-sources }',
        '---',
        '',
        '## Body',
      ].join('\r\n'),
    );
    expect(data).toEqual({
      title: 'Citing: a guide',
      description: "It's 'simple'",
      date: '2026-11-01',
      cover: '/blog/covers/citing.svg',
      translations: { de: 'richtig-zitieren', fr: 'citer-ses-sources' },
    });
    expect(body).toBe('\n## Body');
  });

  it('gives a date that is no plain, real day as a timestamp, for the schema to refuse', () => {
    const dateOf = (value: string) => parseFrontMatter(`---\ndate: ${value}\n---\n`).data.date;
    expect(dateOf('2026-11-01T10:30:00Z')).toBe('2026-11-01T10:30:00.000Z');
    expect(dateOf('2026-13-45')).toBe('2027-02-14T00:00:00.000Z');
    expect(dateOf('2026-1-5')).toBe('2026-1-5');
  });

  it('reads a mapping written as indented lines, and single-quoted values', () => {
    const { data } = parseFrontMatter(
      "---\ntitle: 'It''s here'\ntranslations:\n  de: thema-finden\n  nl: onderwerp-kiezen\n---\n",
    );
    expect(data).toEqual({ title: "It's here", translations: { de: 'thema-finden', nl: 'onderwerp-kiezen' } });
  });

  it.each([
    ['no front matter', '# Title\n\ntext'],
    ['an unclosed front matter', '---\ntitle: x\n'],
    ['a line that is no entry', '---\ntitle: x\n- item\n---\n'],
    ['a repeated key', '---\ntitle: x\ntitle: y\n---\n'],
    ['an unclosed quote', '---\ntitle: "x\n---\n'],
    ['an unclosed mapping', '---\ntranslations: { de: x\n---\n'],
    ['a list instead of a mapping', '---\n- a\n- b\n---\n'],
  ])('refuses %s, saying where', (_case, file) => {
    expect(() => parseFrontMatter(file)).toThrow(/front matter|line \d/);
  });

  it('names the line of a YAML error', () => {
    expect(() => parseFrontMatter('---\ntitle: x\ntitle: y\n---\n')).toThrow(/^line 3: duplicated mapping key$/);
  });

  it('never runs front matter written in another language', () => {
    const marker = globalThis as { frontMatterRan?: boolean };
    const file = "---js\n{ title: (globalThis.frontMatterRan = true, 'x') }\n---\nbody";
    expect(() => parseFrontMatter(file)).toThrow(FrontMatterError);
    expect(marker.frontMatterRan).toBeUndefined();
  });
});
