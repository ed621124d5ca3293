import { type Locale, PRODUCT_NAME } from '@releasebell/contract/constants';
import { DeliveryError } from '../../../infra/delivery-error';
import { translate } from '../../../infra/i18n';
import type { SmsSender } from '../../../infra/texts/sms-sender';
import { fitSms } from '../../../infra/texts/sms-text';
import type { Clock } from '../../../lib/clock';
import { smsUnavailable } from '../eligibility';
import { localToday, smsAllowedAt } from '../local-time';
import type { Channel, Notice } from './channel';
import { noticeLine } from './notice-line';

export interface SmsChannelOptions {
  sender: SmsSender;
  publicUrl: string;
  clock: Clock;
}

/** The short link a text carries: the title's id, which `/s/{code}` redirects to the title's page. */
function shortLinkCode(itemId: string): string {
  return Buffer.from(itemId.replace(/-/g, ''), 'hex').toString('base64url');
}

const TEXT = {
  one: /*i18n*/ { id: 'sms.one', message: '{product}: {line}' },
  more: /*i18n*/ { id: 'sms.more', message: '{product}: {line} (+{more} more)' },
  test: /*i18n*/ {
    id: 'sms.test',
    message: '{product}: test text. Release alerts for titles you track come here. Reply STOP to stop.',
  },
};

/** What happened, in a text's few words, with how many more the text stands for. */
function smsText(notices: Notice[], locale: Locale, today?: string): string {
  const [lead] = notices;
  if (!lead) return PRODUCT_NAME;
  const line = noticeLine(lead, locale, today);
  if (notices.length === 1) return translate(locale, TEXT.one, { product: PRODUCT_NAME, line });
  return translate(locale, TEXT.more, { product: PRODUCT_NAME, line, more: notices.length - 1 });
}

/** Texts: one per batch, a single 160-character GSM-7 segment with a short link; STOP is Twilio's. */
export function createSmsChannel({ sender, publicUrl, clock }: SmsChannelOptions): Channel {
  return {
    name: 'sms',
    unavailable: smsUnavailable,
    async send({ recipient, notices }) {
      const lead = notices[0];
      const link = lead ? `${publicUrl}/s/${shortLinkCode(lead.item.id)}` : `${publicUrl}/`;
      const text = smsText(notices, recipient.locale, localToday(clock(), recipient.timeZone));
      try {
        return await sender.send(recipient.userId, recipient.phoneNumber ?? '', fitSms({ text, link }));
      } catch (err) {
        if (!(err instanceof DeliveryError) || err.kind !== 'deferred') throw err;
        // Held by a cap: it goes when the cap allows and the member's quiet hours are over.
        const now = clock().getTime();
        const capEnds = new Date(now + (err.retryAfterSeconds ?? 0) * 1000);
        const at = smsAllowedAt(capEnds, recipient.timeZone).getTime();
        throw new DeliveryError('deferred', err.code, err.message, Math.ceil((at - now) / 1000));
      }
    },
    test: {
      as: 'mobile',
      async send(recipient) {
        const body = translate(recipient.locale, TEXT.test, { product: PRODUCT_NAME });
        await sender.send(
          recipient.userId,
          recipient.phoneNumber ?? '',
          fitSms({ text: body, link: `${publicUrl}/profile` }),
        );
        return true;
      },
    },
  };
}
