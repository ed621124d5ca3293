import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The one link the mail is about, logged when mail goes to the local mailbox. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
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
 * directory and its link is logged, so a new install can still reset a password.
 */
export function createMailer({ smtpUrl, from, mailboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
      await mkdir(mailboxDir, { recursive: true });
      const file = path.join(
        mailboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { to: mail.to, subject: mail.subject, file, link: mail.link },
        'mail written to the local mailbox',
      );
    },
    close: () => {},
  };
}
