import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface AcceptedMail {
  to: string[];
  /** The Message-ID header, `<id@host>`, or null if the message had none. */
  messageId: string | null;
  /** Queued, then the connection was dropped before the 250 reached the client (a "lost OK"). */
  okLost: boolean;
}

/** What happened to a recipient's transactions, for explaining a double send. */
export interface TraceEvent {
  at: number;
  to: string;
  what: string;
  messageId: string | null;
}

export interface FlakySmtpOptions {
  random: () => number;
  /** Share of MAIL FROM, RCPT TO and DATA commands answered 421 or 451. */
  failureRate: number;
  /** Share of messages whose connection is dropped at the end of DATA (half before, half after queueing). */
  dropRate: number;
}

function smtpError(code: number, message: string) {
  return Object.assign(new Error(message), { responseCode: code });
}

function messageIdOf(raw: string): string | null {
  const head = (raw.split(/\r?\n\r?\n/, 1)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  return /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? null;
}

/** An SMTP server on 127.0.0.1 that fails commands and drops connections at random, until calmed. */
export async function startFlakySmtpServer(options: FlakySmtpOptions) {
  const accepted: AcceptedMail[] = [];
  const trace: TraceEvent[] = [];
  const note = (to: string[], what: string, messageId: string | null = null) => {
    for (const t of to) trace.push({ at: Date.now(), to: t, what, messageId });
  };
  const stats = { failedCommands: 0, droppedBeforeQueue: 0, droppedAfterQueue: 0 };
  const sockets = new Map<number, Socket>();
  let calm = false;
  let lastActivity = Date.now();

  /** A 421 or 451 for this command, or nothing. */
  const failure = (command: string, to: string[], messageId: string | null = null): Error | undefined => {
    lastActivity = Date.now();
    if (calm || options.random() >= options.failureRate) return undefined;
    stats.failedCommands++;
    const code = options.random() < 0.5 ? 421 : 451;
    note(to, `${command} answered ${code}`, messageId);
    return code === 421
      ? smtpError(421, 'Service not available, closing transmission channel')
      : smtpError(451, 'Requested action aborted: local error in processing');
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(failure('MAIL FROM', []));
    },
    onRcptTo(address, _session, callback) {
      callback(failure('RCPT TO', [address.address.toLowerCase()]));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        lastActivity = Date.now();
        const mail: AcceptedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          messageId: messageIdOf(Buffer.concat(chunks).toString('utf8')),
          okLost: false,
        };
        const roll = calm ? 1 : options.random();
        if (roll < options.dropRate) {
          if (roll < options.dropRate / 2) {
            stats.droppedBeforeQueue++;
            note(mail.to, 'connection dropped at the end of DATA', mail.messageId);
          } else {
            stats.droppedAfterQueue++;
            accepted.push({ ...mail, okLost: true });
            note(mail.to, 'queued, then the connection dropped before the 250', mail.messageId);
          }
          sockets.get(session.remotePort)?.destroy();
          callback(smtpError(421, 'connection dropped'));
          return;
        }
        const error = failure('DATA', mail.to, mail.messageId);
        if (!error) {
          accepted.push(mail);
          note(mail.to, 'accepted', mail.messageId);
        }
        callback(error);
      });
    },
  });
  // Resets by clients that were killed mid-conversation are expected here.
  server.on('error', () => {});
  server.server.on('connection', (socket: Socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    sockets.set(port, socket);
    socket.once('close', () => sockets.delete(port));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    stats,
    trace,
    /** When the last command or message came in. */
    lastActivity: () => lastActivity,
    /** No more failures or drops from now on. */
    calm() {
      calm = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets.values()) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type FlakySmtpServer = Awaited<ReturnType<typeof startFlakySmtpServer>>;
