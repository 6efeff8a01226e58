import { type Logger, pino } from 'pino';
import type { Config } from './config';

/** Structured JSON logs; secrets in headers never reach them. */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], remove: true },
  });
}
