import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LocalServer = {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: IncomingMessage[];
  close: () => Promise<void>;
};

/** An HTTP server on 127.0.0.1 and a free port, the only kind of server these tests talk to. */
export async function startLocalServer(
  handler: (request: IncomingMessage, response: ServerResponse, server: LocalServer) => void,
): Promise<LocalServer> {
  const requests: IncomingMessage[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request);
    handler(request, response, local);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const local: LocalServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return local;
}
