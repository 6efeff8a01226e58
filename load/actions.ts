import { corpusPdf } from '@quire/server/bench';
import type { Recorder } from './stats';
import { authOf, uploadPdf, type VirtualUser } from './users';

/** What a virtual user does, with how often it does it (weights add up to 100). */

type Action = { endpoint: string; weight: number; run: (baseUrl: string, user: VirtualUser) => Promise<true | string> };

/** The two smallest real papers of the shared fixtures. */
const PAPERS = ['scielo_tinf-33-e200057_es.pdf', 'scienceparse_map-reduce.pdf'].map((name) => ({
  name,
  pdf: corpusPdf(name),
}));

const failure = async (response: Response) => `${response.status} ${(await response.text()).slice(0, 200)}`;

export const ACTIONS: Action[] = [
  {
    endpoint: 'POST /oidc/token (refresh)',
    weight: 10,
    run: async (baseUrl, user) => {
      const response = await fetch(`${baseUrl}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: user.refreshToken,
          client_id: 'quire-web',
          resource: `${baseUrl}/api`,
        }).toString(),
      });
      if (!response.ok) return failure(response);
      const tokens = (await response.json()) as { access_token: string; refresh_token?: string };
      user.accessToken = tokens.access_token;
      user.refreshToken = tokens.refresh_token ?? user.refreshToken;
      return true;
    },
  },
  {
    endpoint: 'GET /doc/documents',
    weight: 45,
    run: async (baseUrl, user) => {
      const response = await fetch(`${baseUrl}/doc/documents`, { headers: authOf(user) });
      if (!response.ok) return failure(response);
      await response.arrayBuffer();
      return true;
    },
  },
  {
    endpoint: 'POST /doc/upload/document',
    weight: 5,
    run: async (baseUrl, user) => {
      const paper = PAPERS[user.index % PAPERS.length] ?? PAPERS[0];
      if (!paper) return 'no paper';
      const response = await uploadPdf(baseUrl, user, paper.pdf, paper.name);
      if (response.status !== 201) return failure(response);
      await response.arrayBuffer();
      return true;
    },
  },
  {
    endpoint: 'POST /api/documents/:id/messages (model)',
    weight: 20,
    run: async (baseUrl, user) => {
      const response = await fetch(`${baseUrl}/api/documents/${user.sourceId}/messages`, {
        method: 'POST',
        headers: { ...authOf(user), 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'What reduces the soil a heavy rain carries away?' }),
      });
      if (response.status !== 201) return failure(response);
      await response.arrayBuffer();
      return true;
    },
  },
  {
    endpoint: 'POST /gen/write-chapter (model, SSE)',
    weight: 20,
    run: async (baseUrl, user) => {
      const response = await fetch(`${baseUrl}/gen/write-chapter`, {
        method: 'POST',
        headers: { ...authOf(user), 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({
          inputs: {
            headline: 'Why hillsides erode',
            topic: 'Soil erosion',
            outline: '1. Rainfall\n2. Slope\n3. Cover',
            length: 'short',
            source_type: 'quality_with_sources',
            source_ids: [user.sourceId],
          },
        }),
      });
      if (!response.ok) return failure(response);
      const body = await response.text();
      if (body.includes('event: error')) return `error event: ${body.slice(body.indexOf('event: error'), 300)}`;
      return body.includes('event: done') ? true : 'the stream ended without done';
    },
  },
];

/** Picks an action by weight. */
export function pickAction(random = Math.random()): Action {
  let left = random * ACTIONS.reduce((sum, action) => sum + action.weight, 0);
  for (const action of ACTIONS) {
    left -= action.weight;
    if (left < 0) return action;
  }
  return ACTIONS[0] as Action;
}

/**
 * One virtual user until `until`: an action, then a think time between `thinkMs` and twice that, as a
 * person reads what came back.
 */
export async function runVirtualUser(
  baseUrl: string,
  user: VirtualUser,
  recorder: Recorder,
  { until, thinkMs }: { until: number; thinkMs: number },
): Promise<void> {
  // Users start spread over the longest think time, as their later actions are: spread over the shortest, the
  // first second would carry a burst of every user's first action, measured as if it were the steady load.
  await sleep(Math.random() * thinkMs * 2);
  while (Date.now() < until) {
    const action = pickAction();
    await recorder.time(action.endpoint, () => action.run(baseUrl, user));
    await sleep(thinkMs * (1 + Math.random()));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
