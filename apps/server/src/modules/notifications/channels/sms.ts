import path from 'node:path';
import { formatReleaseDate, PRODUCT_NAME } from '@releasebell/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Channel, Notice } from './channel';
import { writeSmsToOutbox } from './sms-outbox';
import { fitSms } from './sms-text';
import { sendTwilioSms, type TwilioSettings } from './twilio';

export interface SmsChannelOptions {
  /** Twilio's Messages API; null writes each text under `outboxDir` and logs it. */
  twilio: TwilioSettings | null;
  outboxDir: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The short link a text carries: the title's id, which `/s/{code}` redirects to the title's page. */
export function shortLinkCode(itemId: string): string {
  return Buffer.from(itemId.replace(/-/g, ''), 'hex').toString('base64url');
}

/** What happened, in a text's few words. */
export function smsText(notices: Notice[]): string {
  const [lead] = notices;
  if (!lead) return PRODUCT_NAME;
  const { delivery, item } = lead;
  const date = (d: string | null, p: typeof delivery.newPrecision) => (d ? formatReleaseDate(d, p) : 'TBD');
  let what: string;
  switch (delivery.kind) {
    case 'released':
      what = `${item.title} is out today!`;
      break;
    case 'date_announced':
      what = `${item.title} has a release date: ${date(delivery.newDate, delivery.newPrecision)}.`;
      break;
    case 'date_changed':
      what = delivery.newDate
        ? `${item.title} moved from ${date(delivery.oldDate, delivery.oldPrecision)} to ${date(delivery.newDate, delivery.newPrecision)}.`
        : `${item.title} no longer has a release date.`;
      break;
    case 'reminder':
      what = `${item.title} is out ${delivery.reminderDays === 1 ? 'tomorrow' : `in ${delivery.reminderDays} days`} (${date(delivery.newDate, 'day')}).`;
      break;
    case 'request_resolved':
      // Not sent by text today (the app and email tell the member); worded in case it is.
      what = `${item.title}, which you asked for, is on ${PRODUCT_NAME} now.`;
      break;
  }
  const more = notices.length > 1 ? ` (+${notices.length - 1} more)` : '';
  return `${PRODUCT_NAME}: ${what}${more}`;
}

/** Texts: one per batch, a single 160-character GSM-7 segment with a short link; STOP is Twilio's. */
export function createSmsChannel({ twilio, outboxDir, publicUrl, log }: SmsChannelOptions): Channel {
  return {
    name: 'sms',
    unavailable(r) {
      if (r.smsOptedOut) return 'the member replied STOP';
      if (!r.preferences.includes('mobile')) return 'mobile notifications are off';
      if (!r.phoneNumber) return 'no phone number';
      return null;
    },
    async send({ recipient, notices }) {
      const lead = notices[0];
      const link = lead ? `${publicUrl}/s/${shortLinkCode(lead.item.id)}` : `${publicUrl}/`;
      return text(recipient.phoneNumber ?? '', fitSms({ text: smsText(notices), link }));
    },
    async sendTest(recipient) {
      const body = `${PRODUCT_NAME}: test text. Release alerts for titles you track come here. Reply STOP to stop.`;
      await text(recipient.phoneNumber ?? '', fitSms({ text: body, link: `${publicUrl}/profile` }));
    },
  };

  async function text(to: string, body: string) {
    if (twilio) {
      const { sid } = await sendTwilioSms(twilio, { to, body });
      return { providerMessageId: sid };
    }
    const { id, file } = await writeSmsToOutbox(outboxDir, { to, body });
    log.info({ file, body }, 'text written to the local SMS outbox');
    return { providerMessageId: id };
  }
}

export const smsOutboxDir = (dataDir: string) => path.join(dataDir, 'sms-outbox');
