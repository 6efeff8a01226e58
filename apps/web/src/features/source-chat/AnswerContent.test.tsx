import type { Citation } from '@quire/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureLocale } from '../../i18n/i18n';
import { fireEvent, render, screen } from '../../test/render';
import { AnswerContent } from './AnswerContent';

const CITATIONS: Citation[] = [{ sourceId: 'd1', page: 3, passage: 'A passage.' }];

beforeAll(async () => {
  await ensureLocale('en', 'full');
});

describe('AnswerContent', () => {
  it('renders quotes, the note and [n] buttons that report their citation', () => {
    const onCite = vi.fn();
    const { container } = render(
      <AnswerContent
        content={'Intro\n\n> A passage. (p. 3) [1]\n\n_Built-in engine_'}
        citations={CITATIONS}
        onCite={onCite}
      />,
    );
    expect(container.querySelector('blockquote')?.textContent).toBe('A passage. (p. 3) [1]');
    expect(container.querySelector('.answer__note')?.textContent).toBe('Built-in engine');
    const ref = screen.getByTestId('citation-ref');
    expect(ref.closest('sup')).not.toBeNull();
    expect(ref.getAttribute('aria-label')).toBe('Show cited passage 1');
    fireEvent.click(ref);
    expect(onCite).toHaveBeenCalledWith(1, CITATIONS[0], ref);
  });

  it('shows HTML in the content as text, never as elements', () => {
    const { container } = render(
      <AnswerContent content={'<script>window.hacked = true</script><img src=x onerror="alert(1)">'} citations={[]} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<script>window.hacked = true</script><img src=x onerror="alert(1)">');
  });

  it('leaves references as text while no handler is given (an answer still streaming)', () => {
    const { container } = render(<AnswerContent content="Streaming [1]" citations={CITATIONS} />);
    expect(screen.queryByTestId('citation-ref')).toBeNull();
    expect(container.textContent).toBe('Streaming [1]');
  });
});
