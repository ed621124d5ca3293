/** @jsxRuntime automatic */
// (The pragma keeps the automatic JSX runtime when tsx runs from the repository root.)
import { Button, Column, Heading, Hr, Img, Link, Row, Section, Text } from '@react-email/components';
import {
  availableText,
  formatDateIn,
  type Locale,
  type MediaType,
  type NotificationKind,
  newTitleText,
  type OfferType,
  PRODUCT_NAME,
  type ReleaseDatePrecision,
} from '@releasebell/contract';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { Fragment, type ReactNode } from 'react';
import { translatorFor } from '../../../infra/i18n';
import { MailLayout, mailStyles, type RenderedMail, renderMail } from '../../../infra/mail/layout';

export interface ReleaseNotice {
  kind: NotificationKind;
  title: string;
  mediaType: MediaType;
  /** Absolute link to the title's page. */
  itemUrl: string;
  /** Absolute poster URL, or null. */
  posterUrl: string | null;
  /** E.g. "Director: Denis Villeneuve". */
  creatorLine: string | null;
  /** The release date the notice is about. */
  newDate: string | null;
  newPrecision: ReleaseDatePrecision | null;
  /** The date before the change (date_changed). */
  oldDate: string | null;
  oldPrecision: ReleaseDatePrecision | null;
  /** Days ahead of the release (reminder). */
  reminderDays: number | null;
  /** The followed person or author a new title came through (new_title; null for a series' season). */
  via: string | null;
  /** The member's service an `available` title is on now, and how. */
  offer: { provider: string; type: OfferType } | null;
}

interface MailLinks {
  /** One-click, login-free page that pauses release emails. */
  unsubscribeUrl: string;
  /** Where the member's notification preferences live. */
  profileUrl: string;
}

const SUBJECT_MAX = 100;

const { text, muted: mutedSmall, button, divider } = mailStyles;
const muted = { ...text, ...mutedSmall };

const M = {
  // Subjects and headlines: what happened, around the title.
  outToday: /*i18n*/ { id: 'mail.headline.outToday', message: '{title} is out today' },
  announced: /*i18n*/ { id: 'mail.headline.announced', message: '{title} has a release date: {date}' },
  announcedUpdate: /*i18n*/ {
    id: 'mail.headline.announcedUpdate',
    message: '{title} has a release date update',
  },
  movedTo: /*i18n*/ { id: 'mail.headline.movedTo', message: '{title} moved to {date}' },
  undated: /*i18n*/ { id: 'mail.headline.undated', message: '{title} no longer has a release date' },
  outIn: /*i18n*/ {
    id: 'mail.headline.outIn',
    message: '{title} is out {days, plural, =0 {today} =1 {tomorrow} other {in # days}}',
  },
  outSoon: /*i18n*/ { id: 'mail.headline.outSoon', message: '{title} is out soon' },
  requested: /*i18n*/ { id: 'mail.headline.requested', message: '{title} is on {product} now' },
  onAService: /*i18n*/ { id: 'mail.headline.onAService', message: '{title} is on one of your services' },
  digest: /*i18n*/ {
    id: 'mail.subject.digest',
    message: '{count} updates on titles you track: {headline}, and {more} more',
  },
  // The notice in a sentence, with the long date.
  outNow: /*i18n*/ { id: 'mail.sentence.outNow', message: 'Out now.' },
  outNowDated: /*i18n*/ { id: 'mail.sentence.outNowDated', message: 'Out now (release date: {date}).' },
  outTodayDated: /*i18n*/ { id: 'mail.sentence.outTodayDated', message: 'Out today, {date}.' },
  nowDated: /*i18n*/ { id: 'mail.sentence.nowDated', message: 'It now has a release date: {date}.' },
  stillTbd: /*i18n*/ { id: 'mail.sentence.stillTbd', message: 'Its release date is still to be announced.' },
  wasNow: /*i18n*/ { id: 'mail.sentence.wasNow', message: 'Was {was}, now {date}.' },
  wasUndated: /*i18n*/ {
    id: 'mail.sentence.wasUndated',
    message: 'Was {was}; it no longer has a release date.',
  },
  outInDated: /*i18n*/ {
    id: 'mail.sentence.outInDated',
    message: 'Out {days, plural, =0 {today} =1 {tomorrow} other {in # days}}: {date}.',
  },
  outInSentence: /*i18n*/ {
    id: 'mail.sentence.outIn',
    message: 'Out {days, plural, =0 {today} =1 {tomorrow} other {in # days}}.',
  },
  outSoonSentence: /*i18n*/ { id: 'mail.sentence.outSoon', message: 'Out soon.' },
  outSoonDated: /*i18n*/ { id: 'mail.sentence.outSoonDated', message: 'Out soon: {date}.' },
  releaseDate: /*i18n*/ { id: 'mail.sentence.releaseDate', message: 'Release date: {date}.' },
  requestedHere: /*i18n*/ {
    id: 'mail.sentence.requested',
    message:
      'You asked us to add it, and it is here. {when} Press Notify Me on its page to hear when it comes out.',
  },
  newFrom: /*i18n*/ {
    id: 'mail.sentence.newFrom',
    message: 'It is something new from {via}, so it is on your watchlist now. {when}',
  },
  newlyAnnounced: /*i18n*/ {
    id: 'mail.sentence.newlyAnnounced',
    message: 'It is newly announced, so it is on your watchlist now. {when}',
  },
  onYourService: /*i18n*/ { id: 'mail.sentence.onYourService', message: '{line}, one of your services.' },
  onAServiceSentence: /*i18n*/ {
    id: 'mail.sentence.onAService',
    message: 'It is on one of your services now.',
  },
  it: /*i18n*/ { id: 'mail.sentence.it', message: 'It' },
  // The mail's parts.
  kind: /*i18n*/ { id: 'mail.kind', message: '{kind, select, movies {Movie} books {Book} other {TV Show}}' },
  notifyMe: /*i18n*/ { id: 'mail.button.notifyMe', message: 'Notify Me' },
  viewTitle: /*i18n*/ { id: 'mail.button.viewTitle', message: 'View title' },
  settings: /*i18n*/ { id: 'mail.footer.settings', message: 'Notification settings' },
  pause: /*i18n*/ { id: 'mail.footer.pause', message: 'Pause release emails' },
  digestHeading: /*i18n*/ { id: 'mail.heading.digest', message: 'Updates on titles you track' },
  // Why the member gets it.
  becauseServices: /*i18n*/ {
    id: 'mail.reason.services',
    message:
      'You get this because you track {count, plural, one {this title} other {these titles}} and told {product} which services you have.',
  },
  becauseFollowVia: /*i18n*/ {
    id: 'mail.reason.followVia',
    message: 'You get this because you follow {via} on {product}.',
  },
  becauseFollow: /*i18n*/ {
    id: 'mail.reason.follow',
    message: 'You get this because you follow what these titles come from on {product}.',
  },
  becauseTrack: /*i18n*/ {
    id: 'mail.reason.track',
    message: 'You get this because you track these titles on {product}.',
  },
  becauseAsked: /*i18n*/ {
    id: 'mail.reason.asked',
    message:
      'You get this because you asked for {count, plural, one {this title} other {these titles}} on {product}.',
  },
  becauseBoth: /*i18n*/ {
    id: 'mail.reason.both',
    message: 'You get this because you track or asked for these titles on {product}.',
  },
  // The test mail.
  testSubject: /*i18n*/ { id: 'mail.test.subject', message: 'Test notification from {product}' },
  testTitle: /*i18n*/ { id: 'mail.test.title', message: 'Test notification' },
  testReason: /*i18n*/ {
    id: 'mail.test.reason',
    message: 'You get this because you asked for a test notification on {product}.',
  },
  testBody: /*i18n*/ {
    id: 'mail.test.body',
    message:
      'Your release emails reach this address. When a title you track gets a release date, changes it, comes out, or is about to, {product} tells you here.',
  },
};

const HEADINGS: Record<NotificationKind, MessageDescriptor> = {
  released: /*i18n*/ { id: 'mail.heading.released', message: 'Out today' },
  date_announced: /*i18n*/ { id: 'mail.heading.dateAnnounced', message: 'Release date announced' },
  date_changed: /*i18n*/ { id: 'mail.heading.dateChanged', message: 'Release date changed' },
  reminder: /*i18n*/ { id: 'mail.heading.reminder', message: 'Release reminder' },
  request_resolved: /*i18n*/ {
    id: 'mail.heading.requestResolved',
    message: 'The title you asked for is here',
  },
  new_title: /*i18n*/ { id: 'mail.heading.newTitle', message: 'New from what you follow' },
  available: /*i18n*/ { id: 'mail.heading.available', message: 'Now on your services' },
};

/** A mail's words in one reader's language, and its dates in their writing. */
function wordsFor(locale: Locale) {
  const t = translatorFor(locale);
  return {
    t,
    /** With the day's name: "Sunday, March 14, 2027". */
    longDate: (date: string | null, precision: ReleaseDatePrecision | null) =>
      formatDateIn(locale, date, precision, 'weekday') ?? '',
    /** The month in full, no weekday: "March 14, 2027". */
    shortDate: (date: string | null, precision: ReleaseDatePrecision | null) =>
      formatDateIn(locale, date, precision, 'long') ?? '',
  };
}
type Words = ReturnType<typeof wordsFor>;

/** The news in a line around a title: "Dune is out today"; "Orla Penhallow has a new book: The Salt Cartographer, out March 14, 2027". */
function headline({ t, shortDate }: Words, notice: ReleaseNotice, title: string): string {
  const product = PRODUCT_NAME;
  switch (notice.kind) {
    case 'released':
      return t(M.outToday, { title });
    case 'date_announced':
      return notice.newDate
        ? t(M.announced, { title, date: shortDate(notice.newDate, notice.newPrecision) })
        : t(M.announcedUpdate, { title });
    case 'date_changed':
      return notice.newDate
        ? t(M.movedTo, { title, date: shortDate(notice.newDate, notice.newPrecision) })
        : t(M.undated, { title });
    case 'reminder':
      return notice.reminderDays === null || notice.reminderDays < 0
        ? t(M.outSoon, { title })
        : t(M.outIn, { title, days: notice.reminderDays });
    case 'request_resolved':
      return t(M.requested, { title, product });
    case 'new_title': {
      const out = notice.newDate ? shortDate(notice.newDate, notice.newPrecision) : null;
      return newTitleText(t, { via: notice.via, mediaType: notice.mediaType, title, out });
    }
    case 'available':
      return notice.offer ? availableText(t, { title, ...notice.offer }) : t(M.onAService, { title });
  }
}

/** The notice in a sentence, with the long date. */
function sentence({ t, longDate }: Words, notice: ReleaseNotice): string {
  const date = longDate(notice.newDate, notice.newPrecision);
  const when = notice.newDate ? t(M.releaseDate, { date }) : t(M.stillTbd);
  switch (notice.kind) {
    case 'released':
      if (!notice.newDate) return t(M.outNow);
      return notice.newPrecision === 'month' || notice.newPrecision === 'year'
        ? t(M.outNowDated, { date })
        : t(M.outTodayDated, { date });
    case 'date_announced':
      return notice.newDate ? t(M.nowDated, { date }) : t(M.stillTbd);
    case 'date_changed': {
      const was = longDate(notice.oldDate, notice.oldPrecision);
      return notice.newDate ? t(M.wasNow, { was, date }) : t(M.wasUndated, { was });
    }
    case 'reminder': {
      const days = notice.reminderDays;
      if (days === null || days < 0)
        return notice.newDate ? t(M.outSoonDated, { date }) : t(M.outSoonSentence);
      return notice.newDate ? t(M.outInDated, { days, date }) : t(M.outInSentence, { days });
    }
    case 'request_resolved':
      return t(M.requestedHere, { when });
    case 'new_title':
      return notice.via ? t(M.newFrom, { via: notice.via, when }) : t(M.newlyAnnounced, { when });
    case 'available':
      return notice.offer
        ? t(M.onYourService, { line: availableText(t, { title: t(M.it), ...notice.offer }) })
        : t(M.onAServiceSentence);
  }
}

const oneLine = (title: string) => title.replace(/\s+/g, ' ').trim();

/** Builds a subject around a title, shortening the title (not the rest) to keep it to SUBJECT_MAX. */
function fitSubject(title: string, build: (title: string) => string): string {
  const full = build(title);
  const chars = Array.from(title);
  const over = Array.from(full).length - SUBJECT_MAX;
  if (over <= 0) return full;
  const keep = Math.max(1, chars.length - over - 1);
  return build(`${chars.slice(0, keep).join('').trimEnd()}…`);
}

/** The lead notice's news; with others, a digest count ahead of it and how many more after. */
function subjectFor(words: Words, lead: ReleaseNotice, count: number): string {
  if (count === 1) return fitSubject(oneLine(lead.title), (title) => headline(words, lead, title));
  return fitSubject(oneLine(lead.title), (title) =>
    words.t(M.digest, { count, headline: headline(words, lead, title), more: count - 1 }),
  );
}

function NoticeBlock({ notice, words }: { notice: ReleaseNotice; words: Words }) {
  const { t } = words;
  const details = (
    <>
      <Heading as="h2" style={{ color: '#ffffff', fontSize: '18px', lineHeight: '24px', margin: '0 0 4px' }}>
        <Link href={notice.itemUrl} style={{ color: '#ffffff', textDecoration: 'none' }}>
          {notice.title}
        </Link>
      </Heading>
      <Text style={{ ...muted, margin: '0' }}>
        {[t(M.kind, { kind: notice.mediaType }), notice.creatorLine].filter(Boolean).join(' · ')}
      </Text>
      <Text style={{ ...text, margin: '8px 0 16px' }}>{sentence(words, notice)}</Text>
      <Button href={notice.itemUrl} style={button}>
        {notice.kind === 'request_resolved' ? t(M.notifyMe) : t(M.viewTitle)}
      </Button>
    </>
  );
  if (!notice.posterUrl) return <Section>{details}</Section>;
  return (
    <Section>
      <Row>
        <Column style={{ width: '136px', verticalAlign: 'top' }}>
          <Img src={notice.posterUrl} alt={notice.title} width="120" style={{ borderRadius: '6px' }} />
        </Column>
        <Column style={{ verticalAlign: 'top' }}>{details}</Column>
      </Row>
    </Section>
  );
}

/** A release mail: why the member gets it and the links to their settings, under its body. */
function Layout({
  preview,
  title,
  reason,
  links,
  locale,
  children,
}: {
  preview: string;
  title: string;
  reason: string;
  links: MailLinks;
  locale: Locale;
  children: ReactNode;
}) {
  const t = translatorFor(locale);
  const footerLink = { color: '#e2e4ea', textDecoration: 'underline' };
  const footer = (
    <>
      <Text style={muted}>{reason}</Text>
      <Text style={muted}>
        <Link href={links.profileUrl} style={footerLink}>
          {t(M.settings)}
        </Link>
        {' · '}
        <Link href={links.unsubscribeUrl} style={footerLink}>
          {t(M.pause)}
        </Link>
      </Text>
    </>
  );
  return (
    <MailLayout preview={preview} title={title} footer={footer} locale={locale}>
      {children}
    </MailLayout>
  );
}

/** Why the member gets the mail: the titles they track, the ones they asked for, or both. */
function reasonFor({ t }: Words, notices: ReleaseNotice[]): string {
  const product = PRODUCT_NAME;
  const count = notices.length;
  if (notices.every((n) => n.kind === 'available')) return t(M.becauseServices, { count, product });
  if (notices.every((n) => n.kind === 'new_title')) {
    const via = count === 1 ? notices[0]?.via : null;
    return via ? t(M.becauseFollowVia, { via, product }) : t(M.becauseFollow, { product });
  }
  const asked = notices.filter((n) => n.kind === 'request_resolved').length;
  if (asked === 0) return t(M.becauseTrack, { product });
  if (asked === count) return t(M.becauseAsked, { count: asked, product });
  return t(M.becauseBoth, { product });
}

function ReleaseEmail({
  notices,
  subject,
  links,
  locale,
}: {
  notices: ReleaseNotice[];
  subject: string;
  links: MailLinks;
  locale: Locale;
}) {
  const words = wordsFor(locale);
  const [only] = notices;
  const title = words.t(notices.length === 1 && only ? HEADINGS[only.kind] : M.digestHeading);
  return (
    <Layout preview={subject} title={title} reason={reasonFor(words, notices)} links={links} locale={locale}>
      {notices.map((notice, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list that may repeat a title
        <Fragment key={i}>
          {i > 0 ? <Hr style={divider} /> : null}
          <NoticeBlock notice={notice} words={words} />
        </Fragment>
      ))}
    </Layout>
  );
}

/** One notice gets its kind's mail; two or more, a digest listing them all in the given order. */
export async function renderReleaseEmail(
  input: { notices: ReleaseNotice[]; locale: Locale } & MailLinks,
): Promise<RenderedMail> {
  const [lead] = input.notices;
  if (!lead) throw new Error('renderReleaseEmail needs at least one notice');
  const subject = subjectFor(wordsFor(input.locale), lead, input.notices.length);
  const links = { unsubscribeUrl: input.unsubscribeUrl, profileUrl: input.profileUrl };
  return renderMail(
    subject,
    <ReleaseEmail notices={input.notices} subject={subject} links={links} locale={input.locale} />,
  );
}

/** The mail the preferences page's "send a test" sends, so a member can check delivery. */
export async function renderTestEmail(input: MailLinks & { locale: Locale }): Promise<RenderedMail> {
  const t = translatorFor(input.locale);
  const product = PRODUCT_NAME;
  const subject = t(M.testSubject, { product });
  const links = { unsubscribeUrl: input.unsubscribeUrl, profileUrl: input.profileUrl };
  return renderMail(
    subject,
    <Layout
      preview={subject}
      title={t(M.testTitle)}
      reason={t(M.testReason, { product })}
      links={links}
      locale={input.locale}
    >
      <Text style={text}>{t(M.testBody, { product })}</Text>
    </Layout>,
  );
}
