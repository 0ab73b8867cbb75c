import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The one link that matters in this message, printed to the log when mail goes to the outbox. */
  link?: string;
  /** A calendar invitation (an .ics), sent as nodemailer's iCalendar alternative and attachment. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; filename: string; content: string };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in $DATA_DIR/outbox and its
 * link is logged, so sign-up works on a machine with no mail server.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(opts.from, mail));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(opts.from, mail));
      await mkdir(opts.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(opts.outboxDir, `${Date.now()}-${safeTo}-${crypto.randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.logger.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, 'mail written to outbox');
    },
  };
}

const message = (from: string, mail: Mail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  replyTo: mail.replyTo,
  icalEvent: mail.icalEvent,
});
