/** @jsxRuntime automatic */
// (The pragma keeps the automatic JSX runtime when tsx runs from the repository root.)
import { Button, Column, Heading, Hr, Img, Link, Row, Section, Text } from '@react-email/components';
import {
  availableLine,
  type MediaType,
  type NotificationKind,
  type OfferType,
  type ReleaseDatePrecision,
} from '@releasebell/contract';
import {
  formatLongReleaseDate,
  MEDIA_TYPE_SINGULAR,
  newTitleLine,
  PRODUCT_NAME,
} from '@releasebell/contract/constants';
import { Fragment, type ReactNode } from 'react';
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

const longDate = (date: string | null, precision: ReleaseDatePrecision | null) =>
  formatLongReleaseDate(date, precision);
const shortDate = (date: string | null, precision: ReleaseDatePrecision | null) =>
  formatLongReleaseDate(date, precision, { weekday: false });

/** "today", "tomorrow", "in 3 days"; "soon" when the count is unknown. */
function outWhen(days: number | null): string {
  if (days === null || days < 0) return 'soon';
  if (days === 0) return 'today';
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

/** What happened to a title, after its name: "is out today", "moved to March 21, 2027". */
function subjectTail(notice: ReleaseNotice): string {
  switch (notice.kind) {
    case 'released':
      return 'is out today';
    case 'date_announced':
      return notice.newDate
        ? `has a release date: ${shortDate(notice.newDate, notice.newPrecision)}`
        : 'has a release date update';
    case 'date_changed':
      return notice.newDate
        ? `moved to ${shortDate(notice.newDate, notice.newPrecision)}`
        : 'no longer has a release date';
    case 'reminder':
      return `is out ${outWhen(notice.reminderDays)}`;
    case 'request_resolved':
      return `is on ${PRODUCT_NAME} now`;
    case 'new_title':
      return 'is announced';
    case 'available':
      return 'is on one of your services';
  }
}

/** The news in a line around a title: "Dune is out today"; "Orla Penhallow has a new book: The Salt Cartographer, out March 14, 2027". */
function headline(notice: ReleaseNotice, title: string): string {
  if (notice.kind === 'available' && notice.offer) return availableLine({ title, ...notice.offer });
  if (notice.kind !== 'new_title') return `${title} ${subjectTail(notice)}`;
  const out = notice.newDate ? shortDate(notice.newDate, notice.newPrecision) : null;
  return newTitleLine({ via: notice.via, mediaType: notice.mediaType, title, out });
}

/** The notice in a sentence, with the long date. */
function sentence(notice: ReleaseNotice): string {
  const date = longDate(notice.newDate, notice.newPrecision);
  switch (notice.kind) {
    case 'released':
      if (!notice.newDate) return 'Out now.';
      return notice.newPrecision === 'month' || notice.newPrecision === 'year'
        ? `Out now (release date: ${date}).`
        : `Out today, ${date}.`;
    case 'date_announced':
      return notice.newDate
        ? `It now has a release date: ${date}.`
        : 'Its release date is still to be announced.';
    case 'date_changed': {
      const was = longDate(notice.oldDate, notice.oldPrecision);
      return notice.newDate ? `Was ${was}, now ${date}.` : `Was ${was}; it no longer has a release date.`;
    }
    case 'reminder': {
      const when = outWhen(notice.reminderDays);
      return notice.newDate ? `Out ${when}: ${date}.` : `Out ${when}.`;
    }
    case 'request_resolved': {
      const when = notice.newDate ? `Release date: ${date}.` : 'Its release date is still to be announced.';
      return `You asked us to add it, and it is here. ${when} Press Notify Me on its page to hear when it comes out.`;
    }
    case 'new_title': {
      const when = notice.newDate ? `Release date: ${date}.` : 'Its release date is still to be announced.';
      const who = notice.via ? `something new from ${notice.via}` : 'newly announced';
      return `It is ${who}, so it is on your watchlist now. ${when}`;
    }
    case 'available':
      return notice.offer
        ? `${availableLine({ title: 'It', ...notice.offer })}, one of your services.`
        : 'It is on one of your services now.';
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
function subjectFor(lead: ReleaseNotice, count: number): string {
  if (count === 1) return fitSubject(oneLine(lead.title), (title) => headline(lead, title));
  return fitSubject(
    oneLine(lead.title),
    (title) => `${count} updates on titles you track: ${headline(lead, title)}, and ${count - 1} more`,
  );
}

const HEADINGS: Record<NotificationKind, string> = {
  released: 'Out today',
  date_announced: 'Release date announced',
  date_changed: 'Release date changed',
  reminder: 'Release reminder',
  request_resolved: 'The title you asked for is here',
  new_title: 'New from what you follow',
  available: 'Now on your services',
};

function NoticeBlock({ notice }: { notice: ReleaseNotice }) {
  const details = (
    <>
      <Heading as="h2" style={{ color: '#ffffff', fontSize: '18px', lineHeight: '24px', margin: '0 0 4px' }}>
        <Link href={notice.itemUrl} style={{ color: '#ffffff', textDecoration: 'none' }}>
          {notice.title}
        </Link>
      </Heading>
      <Text style={{ ...muted, margin: '0' }}>
        {[MEDIA_TYPE_SINGULAR[notice.mediaType], notice.creatorLine].filter(Boolean).join(' · ')}
      </Text>
      <Text style={{ ...text, margin: '8px 0 16px' }}>{sentence(notice)}</Text>
      <Button href={notice.itemUrl} style={button}>
        {notice.kind === 'request_resolved' ? 'Notify Me' : 'View title'}
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
  children,
}: {
  preview: string;
  title: string;
  reason: string;
  links: MailLinks;
  children: ReactNode;
}) {
  const footerLink = { color: '#e2e4ea', textDecoration: 'underline' };
  const footer = (
    <>
      <Text style={muted}>{reason}</Text>
      <Text style={muted}>
        <Link href={links.profileUrl} style={footerLink}>
          Notification settings
        </Link>
        {' · '}
        <Link href={links.unsubscribeUrl} style={footerLink}>
          Pause release emails
        </Link>
      </Text>
    </>
  );
  return (
    <MailLayout preview={preview} title={title} footer={footer}>
      {children}
    </MailLayout>
  );
}

/** Why the member gets the mail: the titles they track, the ones they asked for, or both. */
function reasonFor(notices: ReleaseNotice[]): string {
  if (notices.every((n) => n.kind === 'available')) {
    return `You get this because you track ${notices.length === 1 ? 'this title' : 'these titles'} and told ${PRODUCT_NAME} which services you have.`;
  }
  if (notices.every((n) => n.kind === 'new_title')) {
    return `You get this because you follow ${notices.length === 1 && notices[0]?.via ? notices[0].via : 'what these titles come from'} on ${PRODUCT_NAME}.`;
  }
  const asked = notices.filter((n) => n.kind === 'request_resolved').length;
  if (asked === 0) return `You get this because you track these titles on ${PRODUCT_NAME}.`;
  if (asked === notices.length) {
    return `You get this because you asked for ${asked === 1 ? 'this title' : 'these titles'} on ${PRODUCT_NAME}.`;
  }
  return `You get this because you track or asked for these titles on ${PRODUCT_NAME}.`;
}

function ReleaseEmail({
  notices,
  subject,
  links,
}: {
  notices: ReleaseNotice[];
  subject: string;
  links: MailLinks;
}) {
  const [only] = notices;
  const title = notices.length === 1 && only ? HEADINGS[only.kind] : 'Updates on titles you track';
  return (
    <Layout preview={subject} title={title} reason={reasonFor(notices)} links={links}>
      {notices.map((notice, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list that may repeat a title
        <Fragment key={i}>
          {i > 0 ? <Hr style={divider} /> : null}
          <NoticeBlock notice={notice} />
        </Fragment>
      ))}
    </Layout>
  );
}

/** One notice gets its kind's mail; two or more, a digest listing them all in the given order. */
export async function renderReleaseEmail(
  input: { notices: ReleaseNotice[] } & MailLinks,
): Promise<RenderedMail> {
  const [lead] = input.notices;
  if (!lead) throw new Error('renderReleaseEmail needs at least one notice');
  const subject = subjectFor(lead, input.notices.length);
  const links = { unsubscribeUrl: input.unsubscribeUrl, profileUrl: input.profileUrl };
  return renderMail(subject, <ReleaseEmail notices={input.notices} subject={subject} links={links} />);
}

/** The mail the preferences page's "send a test" sends, so a member can check delivery. */
export async function renderTestEmail(input: MailLinks): Promise<RenderedMail> {
  const subject = `Test notification from ${PRODUCT_NAME}`;
  return renderMail(
    subject,
    <Layout
      preview={subject}
      title="Test notification"
      reason={`You get this because you asked for a test notification on ${PRODUCT_NAME}.`}
      links={input}
    >
      <Text style={text}>
        Your release emails reach this address. When a title you track gets a release date, changes it, comes
        out, or is about to, {PRODUCT_NAME} tells you here.
      </Text>
    </Layout>,
  );
}
