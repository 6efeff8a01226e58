import { parseLocalePath } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { ensureLocale } from '../../i18n/i18n';
import { fireEvent, render, screen } from '../../test/render';
import { LimitDialog } from './LimitDialog';

async function renderDialog(code: string, message: string, path = '/feature/write-chapter') {
  // The locale guard does this for the app's routes.
  await ensureLocale(parseLocalePath(path).locale, 'full');
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '*', element: <LimitDialog code={code} message={message} onClose={onClose} /> },
      { path: '/pricing', element: <p>pricing</p> },
      { path: '/de/pricing', element: <p>pricing</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { onClose, router };
}

describe('limit dialog', () => {
  it('says the words are used up and leads to the plans', async () => {
    const { router } = await renderDialog('word_limit_reached', 'You have used all your words.');
    const dialog = screen.getByRole('dialog', { name: 'Your words are used up' });
    expect(dialog.textContent).toContain('You have used all your words.');
    fireEvent.click(screen.getByTestId('limit-pricing'));
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('says a tool needs a subscription, in the user’s language, and leads to the localised plans', async () => {
    await renderDialog('subscription_required', 'Für dieses Tool brauchst du ein Abo.', '/de/feature/write-chapter');
    expect(screen.getByTestId('limit-dialog').textContent).toContain('Für dieses Tool brauchst du ein Abo.');
    expect(screen.getByTestId('limit-pricing').getAttribute('href')).toBe('/de/pricing');
  });

  it('closes on Escape', async () => {
    const { onClose } = await renderDialog('subscription_required', 'You need a subscription to use this tool.');
    expect(screen.getByRole('dialog', { name: 'This tool needs a subscription' }).getAttribute('aria-modal')).toBe(
      'true',
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
