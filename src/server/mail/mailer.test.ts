import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { createMailer } from './mailer';
import { actionEmail } from './templates';

const logger = createLogger('silent');

describe('mail over SMTP', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          done();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('delivers a verification email to a real SMTP peer', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Tress <hello@tress.local>', outboxDir: '/nonexistent', logger });
    const url = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fapp';
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Verify your email for Tress',
      ...actionEmail({ heading: 'Verify', body: 'Hi <Ada>', action: 'Verify email', url }),
      link: url,
    });
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('hello@tress.local');
    expect(received[0].to).toEqual(['ada@example.com']);
    expect(received[0].raw).toContain('Subject: Verify your email for Tress');
    expect(received[0].raw).toContain('Hi &lt;Ada&gt;');
  });
});

describe('mail without SMTP', () => {
  it('writes an .eml file to the outbox that contains the link', async () => {
    const outbox = path.join(mkdtempSync(path.join(os.tmpdir(), 'tress-mail-')), 'outbox');
    const mailer = createMailer({ from: 'Tress <hello@tress.local>', outboxDir: outbox, logger });
    await mailer.send({ to: 'bo@example.com', subject: 'Hello', text: 'Open http://localhost:3000/x?y=1', link: 'http://localhost:3000/x?y=1' });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/bo@example\.com.*\.eml$/);
    const eml = readFileSync(path.join(outbox, files[0]), 'utf8');
    expect(eml).toContain('To: bo@example.com');
    expect(eml).toContain('http://localhost:3000/x?y=1');
  });
});
