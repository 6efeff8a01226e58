import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * Sends e-mail through SMTP_URL; without one (the embedded default) the message is written to the
 * server log, so a self-hoster can still follow a password-reset link.
 */
export function createMailer(config: Config['mail'], logger: Logger): Mailer {
  if (!config.smtpUrl) {
    return {
      send: async (mail) => {
        logger.info({ to: mail.to, subject: mail.subject }, `no SMTP_URL set; e-mail not sent:\n${mail.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: config.from, ...mail });
    },
  };
}
