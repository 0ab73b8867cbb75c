import path from 'node:path';
import type { Env } from '../env';
import { DEMO_PRO, DEMO_USER } from '../seed/demo-accounts';

/** What a person who just ran `npm start` needs: where to open it, how to sign in, where its emails go. */
export function startBanner(env: Env, port: number, readySeconds: number, split?: string): string {
  const outbox = path.join(env.dataDir, 'outbox');
  const shown = path.relative(process.cwd(), outbox);
  const mail = env.SMTP_URL ? 'sent over SMTP' : `written to ${shown.startsWith('..') ? outbox : shown}/ (each link is also printed here)`;
  const lines = [`Tress is running at http://localhost:${port} (ready ${readySeconds.toFixed(1)} s after the process started${split ? `: ${split}` : ''})`];
  if (env.SEED_DEMO) lines.push(`  sign in as ${DEMO_USER.email} / ${DEMO_USER.password}, or as a professional ${DEMO_PRO.email} / ${DEMO_PRO.password}`);
  lines.push(`  emails are ${mail}`);
  return lines.join('\n');
}
