import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP error answer, as a server sends it: `responseCode` and text. */
function smtpError(code: number, message: string) {
  return Object.assign(new Error(message), { responseCode: code });
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (mailparser is not installable here). */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  /** Answers for the next messages' DATA (then normal again), and recipients refused for good. */
  const dataFailures: { code: number; message: string }[] = [];
  const refused = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refused.get(address.address.toLowerCase());
      callback(refusal ? smtpError(refusal.code, refusal.message) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const failure = dataFailures.shift();
        if (failure) {
          callback(smtpError(failure.code, failure.message));
          return;
        }
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next `count` messages are answered with this code at the end of DATA (e.g. 451, 421). */
    failNext(count: number, code: number, message = 'Try again later') {
      for (let i = 0; i < count; i++) dataFailures.push({ code, message });
    },
    /** Mail to this address is refused at RCPT TO (e.g. 550 no such user). */
    refuse(address: string, code = 550, message = 'No such user here') {
      refused.set(address.toLowerCase(), { code, message });
    },
    /** Waits for the n-th message to a recipient (mail goes out in the background). */
    async waitFor(to: string, count = 1, timeoutMs = 5000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(to.toLowerCase()));
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes; the bytes are UTF-8, as the app sends them. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as mailers write non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The MIME parts of a multipart message, each with its content type and decoded body. */
export function mimeParts(raw: string): { type: string; body: string }[] {
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      const type = head.match(/Content-Type:\s*([^;\r\n]+)/i)?.[1]?.trim() ?? '';
      const encoding = head.match(/Content-Transfer-Encoding:\s*(\S+)/i)?.[1]?.toLowerCase();
      const decoded =
        encoding === 'base64'
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? decodeQuotedPrintable(body)
            : body;
      return { type, body: decoded };
    });
}

/** A header of a raw message, its folded lines joined and its encoded words decoded. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
}
