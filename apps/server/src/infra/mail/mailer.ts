import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<id@host>`; set by callers that may send the same message again (a resend keeps its id). */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves with the Message-ID once the server (or the mailbox) accepted the message. */
  send(mail: Mail): Promise<{ messageId: string }>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  /** Where mail goes without SMTP: one .eml file per message. */
  mailboxDir: string;
  log: FastifyBaseLogger;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under the mailbox
 * directory and the file is named in the log (not the address or a link: logs travel further than
 * mail), so a new install can still reset a password.
 */
export function createMailer({ smtpUrl, from, mailboxDir, log }: MailerOptions): Mailer {
  const message = (mail: Mail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
  });
  if (smtpUrl) {
    // A few reused connections carry release mail at hundreds a second; timeouts well inside a
    // delivery's claim, so a hung server is a retry, never a second worker sending the same mail.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 5,
      maxMessages: 1000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(mail) {
        const info = await transport.sendMail(message(mail));
        log.debug({ subject: mail.subject, messageId: info.messageId }, 'mail sent');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(mailboxDir, { recursive: true });
      const file = path.join(
        mailboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { subject: mail.subject, file },
        'mail written to the local mailbox: open the file to read it',
      );
      return { messageId: info.messageId };
    },
    close: () => {},
  };
}
