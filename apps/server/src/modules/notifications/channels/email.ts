import { creditText, itemPath, type Locale, posterUrl } from '@releasebell/contract/constants';
import { DeliveryError } from '../../../infra/delivery-error';
import { translatorFor } from '../../../infra/i18n';
import type { RenderedMail } from '../../../infra/mail/layout';
import type { Mailer } from '../../../infra/mail/mailer';
import { createTtlCache } from '../../../lib/ttl-cache';
import { emailUnavailable } from '../eligibility';
import { renderReleaseEmail, renderTestEmail } from '../emails/release-emails';
import type { UnsubscribeTokens } from '../unsubscribe-token';
import { absoluteUrl, type Channel, deliveryOffer, type Notice } from './channel';

export interface EmailChannelOptions {
  mailer: Mailer;
  publicUrl: string;
  tokens: UnsubscribeTokens;
}

/** Letters and digits only, so neither HTML escaping nor the plain-text conversion can change it. */
const TOKEN_STAND_IN = 'UNSUBSCRIBETOKENSTANDIN0';

/** Release mail: one kind's template, or a digest for several; RFC 8058 one-click unsubscribe. */
export function createEmailChannel({ mailer, publicUrl, tokens }: EmailChannelOptions): Channel {
  const host = new URL(publicUrl).hostname || 'releasebell.local';
  // A title's release day goes to thousands of members in the same words; only the unsubscribe token
  // differs. Rendering costs ~3 ms, so each text is rendered once with a stand-in for the token.
  const rendered = createTtlCache<RenderedMail>(10 * 60_000, { maxEntries: 200 });
  const links = (token: string) => {
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
    unavailable: emailUnavailable,
    async send({ batchId, recipient, notices }) {
      const { locale } = recipient;
      const releaseNotices = notices.map((n) => toReleaseNotice(n, publicUrl, locale));
      const template = await rendered.get(JSON.stringify([locale, releaseNotices]), async () => {
        const { oneClick: _, ...mailLinks } = links(TOKEN_STAND_IN);
        return renderReleaseEmail({ notices: releaseNotices, locale, ...mailLinks });
      });
      const token = tokens.issue(recipient.userId);
      const mail = {
        subject: template.subject,
        html: template.html.replaceAll(TOKEN_STAND_IN, token),
        text: template.text.replaceAll(TOKEN_STAND_IN, token),
      };
      return send(recipient.email, mail, links(token).oneClick, `<${batchId}@${host}>`);
    },
    test: {
      as: 'email',
      async send(recipient) {
        const { oneClick, ...mailLinks } = links(tokens.issue(recipient.userId));
        await send(
          recipient.email,
          await renderTestEmail({ ...mailLinks, locale: recipient.locale }),
          oneClick,
        );
        return true;
      },
    },
  };
}

function toReleaseNotice({ delivery, item }: Notice, publicUrl: string, locale: Locale) {
  return {
    kind: delivery.kind,
    title: item.title,
    mediaType: item.mediaType,
    itemUrl: absoluteUrl(publicUrl, itemPath({ media_type: item.mediaType, slug: item.slug })),
    // Drawn 120 px wide: TMDB's card size is plenty (the stored w500 would be four times the bytes).
    posterUrl: item.image ? absoluteUrl(publicUrl, posterUrl(item.image, 'card')) : null,
    creatorLine: creditText(translatorFor(locale), {
      creator: item.creator,
      creator_label: item.creatorLabel,
    }),
    newDate: delivery.newDate,
    newPrecision: delivery.newPrecision,
    oldDate: delivery.oldDate,
    oldPrecision: delivery.oldPrecision,
    reminderDays: delivery.reminderDays,
    via: delivery.kind === 'available' ? null : delivery.viaName,
    offer: deliveryOffer(delivery),
  };
}

/** Nodemailer's codes (and Node's errnos) for a connection that did not get as far as an SMTP answer. */
const SMTP_NETWORK_CODES =
  /^(ECONNECTION|ESOCKET|ETIMEDOUT|EDNS|ETLS|ECONN[A-Z]+|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_[A-Z]+)$/;

/**
 * SMTP's own verdict: a 5xx answer is final (the recipient or the message is refused); a 4xx answer,
 * a refused or dropped connection or a timeout is worth another try.
 */
function smtpDeliveryError(err: unknown): DeliveryError {
  if (err instanceof DeliveryError) return err;
  const e = err as { responseCode?: number; code?: string; message?: string; response?: string };
  const reason = (e.response ?? e.message ?? String(err)).slice(0, 300);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) {
    return new DeliveryError('permanent', `smtp_${e.responseCode}`, reason);
  }
  if (typeof e.responseCode === 'number')
    return new DeliveryError('transient', `smtp_${e.responseCode}`, reason);
  const code = (e.code ?? 'smtp_error').toLowerCase();
  // No answer from the server: its address and the errno are for the log, not for the member's test.
  if (SMTP_NETWORK_CODES.test(e.code ?? '')) {
    return new DeliveryError('transient', code, 'the mail server could not be reached', undefined, reason);
  }
  return new DeliveryError('transient', code, reason);
}
