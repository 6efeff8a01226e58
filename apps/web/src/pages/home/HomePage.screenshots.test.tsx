import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, stubFetch } from '../../test/fetch-stub';
import { render, screen, within } from '../../test/render';

const PUBLIC_DIR = join(import.meta.dirname, '../../../public');

/** A WebP file's picture size, from its first chunk (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(file: Buffer): { width: number; height: number } {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.toString('ascii', 8, 12)).toBe('WEBP');
  const chunk = file.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8X') return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  throw new Error(`Unknown WebP chunk ${chunk}`);
}

describe('the home page screenshots', () => {
  it('shows each screen lazily, at its real size, with translated alt text and caption', async () => {
    stubFetch(() => json(200, STATUS_OK));
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/fr'] })} />);
    const section = await screen.findByTestId('home-screenshots');
    const images = within(section).getAllByRole('img');
    expect(images).toHaveLength(3);
    expect(images[0]?.getAttribute('alt')).toMatch(/^Un chapitre rédigé/);
    expect(section.querySelector('figcaption')?.textContent).toBe(
      'Rédiger un chapitre avec des citations de vos sources',
    );
    for (const image of images) {
      expect(image.getAttribute('loading')).toBe('lazy');
      const src = image.getAttribute('src') ?? '';
      expect(src).toMatch(/^\/screenshots\/[a-z]+\.webp$/);
      const path = join(PUBLIC_DIR, src);
      expect(statSync(path).size, src).toBeLessThanOrEqual(150 * 1024);
      expect(webpSize(readFileSync(path)), src).toEqual({
        width: Number(image.getAttribute('width')),
        height: Number(image.getAttribute('height')),
      });
    }
  });
});
