import { creatorText, itemPath } from '@releasebell/contract/constants';
import { type RenderedMail, renderReleaseEmail, renderTestEmail } from '../emails/release-emails';
import type { Mailer } from '../mailer';
import type { UnsubscribeTokens } from '../unsubscribe-token';
import { absoluteUrl, type Channel, type Notice } from './channel';
import { DeliveryError } from './delivery-error';

export interface EmailChannelOptions {
  mailer: Mailer;
  publicUrl: string;
  tokens: UnsubscribeTokens;
}

/** Release mail: one kind's template, or a digest for several; RFC 8058 one-click unsubscribe. */
export function createEmailChannel({ mailer, publicUrl, tokens }: EmailChannelOptions): Channel {
  const host = new URL(publicUrl).hostname || 'releasebell.local';
  const links = (userId: string) => {
    const token = tokens.issue(userId);
    return {
      oneClick: `${publicUrl}/api/notifications/unsubscribe?token=${token}`,
      unsubscribeUrl: `${publicUrl}/unsubscribe?token=${token}`,
      profileUrl: `${publicUrl}/profile`,
    };
  };
  const send = async (to: string, mail: RenderedMail, oneClick: string, messageId?: string) => {
    try {
      const sent = await mailer.send({
        to,
        ...mail,
        ...(messageId ? { messageId } : {}),
        headers: {
          'List-Unsubscribe': `<${oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      return { providerMessageId: sent.messageId };
    } catch (err) {
      throw smtpDeliveryError(err);
    }
  };
  return {
    name: 'email',
    unavailable: (r) => (r.emailPaused ? 'release emails are paused' : null),
    async send({ batchId, recipient, notices }) {
      const { oneClick, ...mailLinks } = links(recipient.userId);
      const mail = await renderReleaseEmail({
        notices: notices.map((n) => toReleaseNotice(n, publicUrl)),
        ...mailLinks,
      });
      return send(recipient.email, mail, oneClick, `<${batchId}@${host}>`);
    },
    async sendTest(recipient) {
      const { oneClick, ...mailLinks } = links(recipient.userId);
      await send(recipient.email, await renderTestEmail(mailLinks), oneClick);
    },
  };
}

function toReleaseNotice({ delivery, item }: Notice, publicUrl: string) {
  return {
    kind: delivery.kind,
    title: item.title,
    mediaType: item.mediaType,
    itemUrl: absoluteUrl(publicUrl, itemPath({ media_type: item.mediaType, slug: item.slug })),
    posterUrl: item.image ? absoluteUrl(publicUrl, item.image) : null,
    creatorLine: creatorText({ creator: item.creator, creator_label: item.creatorLabel }),
    newDate: delivery.newDate,
    newPrecision: delivery.newPrecision,
    oldDate: delivery.oldDate,
    oldPrecision: delivery.oldPrecision,
    reminderDays: delivery.reminderDays,
  };
}

/**
 * SMTP's own verdict: a 5xx answer is final (the recipient or the message is refused); a 4xx answer,
 * a refused or dropped connection or a timeout is worth another try.
 */
export function smtpDeliveryError(err: unknown): DeliveryError {
  if (err instanceof DeliveryError) return err;
  const e = err as { responseCode?: number; code?: string; message?: string; response?: string };
  const reason = (e.response ?? e.message ?? String(err)).slice(0, 300);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) {
    return new DeliveryError('permanent', `smtp_${e.responseCode}`, reason);
  }
  if (typeof e.responseCode === 'number')
    return new DeliveryError('transient', `smtp_${e.responseCode}`, reason);
  return new DeliveryError('transient', (e.code ?? 'smtp_error').toLowerCase(), reason);
}
