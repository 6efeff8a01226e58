import { makePdf, OidcBrowser } from '@quire/server/bench';

/** A virtual user: signed up through the embedded identity provider, with the trial and one usable source. */
export type VirtualUser = {
  index: number;
  accessToken: string;
  refreshToken: string;
  /** A source whose processing finished, to ask questions about and write chapters from. */
  sourceId: string;
};

const EROSION_PAGES = [
  'Erosion on hillsides depends on rainfall intensity, on the slope of the land and on the plants that cover the soil through the year.',
  'Terraces and cover crops reduce the soil that a heavy rain carries away from a field, and hedges slow the water that runs down a slope.',
  'Where forests are cleared, the roots that held the soil decay within a few years, and the first heavy storms then wash the topsoil into the rivers.',
];

export const authOf = (user: VirtualUser) => ({ authorization: `Bearer ${user.accessToken}` });

/**
 * Signs `count` users up `atOnce` at a time (the real sign-up: authorization request with PKCE, the form,
 * the code exchange; password hashing is meant to be slow, so this is the slow part of the set-up), starts
 * each one's trial (every tool, TRIAL_WORD_LIMIT words) and gives each a small source.
 */
export async function prepareUsers(baseUrl: string, count: number, atOnce: number): Promise<VirtualUser[]> {
  // Addresses of their own, so a second run against the same PostgreSQL database signs up new users.
  const run = Date.now().toString(36);
  const users: VirtualUser[] = [];
  for (let first = 0; first < count; first += atOnce) {
    const batch = Array.from({ length: Math.min(atOnce, count - first) }, (_, offset) => first + offset);
    users.push(...(await Promise.all(batch.map((index) => prepareUser(baseUrl, run, index)))));
  }
  await waitUntilUsable(baseUrl, users);
  return users;
}

async function prepareUser(baseUrl: string, run: string, index: number): Promise<VirtualUser> {
  const tokens = await new OidcBrowser(baseUrl).signUp({
    name: `Load ${index}`,
    email: `load-${run}-${index}@example.org`,
    password: 'carries-the-load',
  });
  const user = { index, accessToken: tokens.access_token, refreshToken: tokens.refresh_token, sourceId: '' };
  const trial = await fetch(`${baseUrl}/api/auth/user/trial`, { method: 'POST', headers: authOf(user) });
  if (!trial.ok) throw new Error(`the trial did not start: ${trial.status} ${await trial.text()}`);
  // Enough words to be usable (MIN_USABLE_WORDS), few enough to be processed at once.
  const pages = EROSION_PAGES.map((text) => [text]);
  const uploaded = await uploadPdf(baseUrl, user, makePdf(pages), 'erosion.pdf');
  if (!uploaded.ok) throw new Error(`the first upload failed: ${uploaded.status} ${await uploaded.text()}`);
  user.sourceId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  return user;
}

export function uploadPdf(baseUrl: string, user: VirtualUser, pdf: Buffer, name: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  return fetch(`${baseUrl}/doc/upload/document`, { method: 'POST', body: form, headers: authOf(user) });
}

async function waitUntilUsable(baseUrl: string, users: VirtualUser[]): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  const pending = new Set(users);
  while (pending.size > 0) {
    if (Date.now() > deadline) throw new Error(`${pending.size} first sources were still not usable after 10 minutes`);
    for (const user of [...pending]) {
      const response = await fetch(`${baseUrl}/doc/documents`, { headers: authOf(user) });
      const list = ((await response.json()) as { data: { id: string; state: string }[] }).data;
      const state = list.find((source) => source.id === user.sourceId)?.state;
      if (state === 'usable') pending.delete(user);
      else if (state === 'failed') throw new Error(`the first source of user ${user.index} failed to process`);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
