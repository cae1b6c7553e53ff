import { pino, type Logger } from 'pino';

export type { Logger };

/** Fields that must never reach a log line. */
const REDACT = [
  'password',
  '*.password',
  'confirmPassword',
  '*.confirmPassword',
  'refresh_token',
  '*.refresh_token',
  'access_token',
  '*.access_token',
  'code',
  '*.code_hash',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
];

export function createLogger(name: string, level?: string): Logger {
  const inTest = process.env.JEST_WORKER_ID !== undefined;
  return pino({
    name,
    level: level ?? process.env.LOG_LEVEL ?? (inTest ? 'silent' : 'info'),
    redact: { paths: REDACT, censor: '[redacted]' },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
