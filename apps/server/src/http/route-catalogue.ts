import type { FastifyInstance } from 'fastify';

export type RouteEntry = {
  method: string;
  url: string;
  auth: 'public' | 'user' | undefined;
  /** Registered from an endpoint descriptor (http/endpoint-route.ts). */
  described: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route this instance serves, as registered; tests check policies against it. */
    routeCatalogue: RouteEntry[];
  }
}

export function recordRoutes(app: FastifyInstance): void {
  const catalogue: RouteEntry[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      catalogue.push({ method, url: route.url, auth: route.config?.auth, described: Boolean(route.config?.endpoint) });
    }
  });
}
