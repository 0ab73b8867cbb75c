import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs; secrets and photo data never reach them (redacted paths below). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.imageBase64', '*.base64', '*.token'], censor: '[redacted]' },
    },
    destination,
  );
}
