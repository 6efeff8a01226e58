import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../mail/mailer';
import { OidcBrowser } from '../../test/oidc-browser';
import { startTestApp, type TestApp } from '../../test/test-app';

const sent: Mail[] = [];
let test: TestApp;
beforeAll(async () => {
  test = await startTestApp({ mailer: { send: async (mail) => void sent.push(mail) } });
});
afterAll(() => test.close());

async function askForReset(email: string, locale = 'en'): Promise<string> {
  const browser = new OidcBrowser(test.baseUrl);
  const interaction = await browser.interactionPath(await browser.authorize({ locale }));
  const form = await browser.get(`${interaction}?mode=forgot`);
  expect(form.status).toBe(200);
  const answer = await browser.postForm(`${interaction}/forgot`, { email });
  expect(answer.status).toBe(200);
  return answer.text();
}

function linkIn(mail: Mail | undefined): string {
  const link = /http\S+\/oidc\/reset\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no reset link in ${mail?.text}`);
  return link;
}

describe('forgot password', () => {
  it('mails a one-time link in the user language that sets a new password and signs out everywhere', async () => {
    const account = { name: 'Marie Curie', email: 'marie@example.org', password: 'polonium-1898' };
    const session = await new OidcBrowser(test.baseUrl).signUp(account);

    const page = await askForReset('Marie@Example.org', 'fr');
    expect(page).toContain('un lien de réinitialisation est en route');
    const mail = sent.at(-1);
    expect(mail).toMatchObject({ to: 'marie@example.org', subject: 'Réinitialiser votre mot de passe Quire' });

    const link = linkIn(mail);
    const form = await fetch(link);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('Choisir un nouveau mot de passe');

    const tooShort = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=short',
    });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain('Mot de passe doit comporter au moins 10 caractères');

    const changed = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=radium-and-more',
    });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Votre mot de passe a été modifié');

    // The old session's refresh token ended with the reset; the new password signs in, the old one does not.
    expect((await new OidcBrowser(test.baseUrl).refresh(session.refresh_token)).status).toBe(400);
    await expect(
      new OidcBrowser(test.baseUrl).signIn({ email: account.email, password: account.password }),
    ).rejects.toThrow();
    const fresh = await new OidcBrowser(test.baseUrl).signIn({ email: account.email, password: 'radium-and-more' });
    expect(fresh.access_token).toBeTruthy();

    const reused = await fetch(link);
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain('Ce lien a expiré ou a déjà été utilisé');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = sent.length;
    const page = await askForReset('nobody@example.org');
    expect(page).toContain('If an account exists for this address');
    expect(sent.length).toBe(before);
  });

  it('refuses a made-up link', async () => {
    const response = await fetch(`${test.baseUrl}/oidc/reset/made-up-token?lang=de`);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain('Dieser Link ist abgelaufen oder wurde schon benutzt.');
  });
});
