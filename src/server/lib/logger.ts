import pino from 'pino';
import pinoPretty from 'pino-pretty';

export type Logger = pino.Logger;

/**
 * Structured JSON logs where a machine reads them (production, a file, a pipe); on a terminal the same records
 * as readable lines, so a person starting the app sees the links it prints. Secrets and photo data never reach
 * either (redacted paths below).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const toTerminal = !destination && process.stdout.isTTY;
  return pino(
    {
      level,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.imageBase64', '*.base64', '*.token'], censor: '[redacted]' },
    },
    toTerminal ? pinoPretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }) : destination,
  );
}
