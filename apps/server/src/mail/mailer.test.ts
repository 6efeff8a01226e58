import { createServer, type Server } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

/** A minimal SMTP server (RFC 5321 commands, no TLS offered) that keeps what it is sent. */
function fakeSmtpServer(received: { from: string; to: string[]; data: string }[]): Server {
  return createServer((socket) => {
    let message = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 fake.smtp ESMTP ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          message.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(message);
          message = { from: '', to: [], data: '' };
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (command === 'MAIL') {
          message.from = line.slice(10).trim();
          socket.write('250 2.1.0 ok\r\n');
        } else if (command === 'RCPT') {
          message.to.push(line.slice(8).trim());
          socket.write('250 2.1.5 ok\r\n');
        } else if (command === 'DATA') {
          inData = true;
          socket.write('354 end with <CRLF>.<CRLF>\r\n');
        } else if (command === 'QUIT') {
          socket.end('221 2.0.0 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
  });
}

const received: { from: string; to: string[]; data: string }[] = [];
const server = fakeSmtpServer(received);
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createMailer', () => {
  it('delivers through SMTP_URL with the configured sender', async () => {
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Quire <no-reply@quire.test>' },
      pino({ level: 'silent' }),
    );
    await mailer.send({ to: 'marie@example.org', subject: 'Réinitialiser', text: 'Lien : http://x/oidc/reset/abc' });
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toContain('no-reply@quire.test');
    expect(received[0]?.to).toEqual(['<marie@example.org>']);
    expect(received[0]?.data).toMatch(/^Subject: =\?UTF-8\?Q\?R=C3=A9initialiser\?=/m);
    expect(received[0]?.data).toContain('http://x/oidc/reset/abc');
  });

  it('writes the e-mail to the log when no SMTP server is configured', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    await createMailer({ smtpUrl: null, from: 'Quire <no-reply@localhost>' }, logger).send({
      to: 'ada@example.org',
      subject: 'Reset',
      text: 'Open http://localhost:3000/oidc/reset/token-123',
    });
    const entry = JSON.parse(lines[0] ?? '{}');
    expect(entry).toMatchObject({ to: 'ada@example.org', subject: 'Reset' });
    expect(entry.msg).toContain('http://localhost:3000/oidc/reset/token-123');
  });
});
