/** @jsxRuntime automatic */
// (The pragma keeps the automatic JSX runtime when tsx runs from the repository root.)
import { Body, Container, Head, Heading, Hr, Html, Preview, render, Text } from '@react-email/components';
import { DEFAULT_LOCALE, type Locale, PRODUCT_NAME, TAGLINE } from '@releasebell/contract/constants';
import type { ReactElement, ReactNode } from 'react';
import { translate } from '../i18n';

/** The styles every mail of the app shares, so a reset and a release alert look like one product. */
export const mailStyles = {
  page: { backgroundColor: '#171923', fontFamily: 'Helvetica, Arial, sans-serif', padding: '32px 0' },
  card: { backgroundColor: '#1f2230', borderRadius: '12px', padding: '32px', maxWidth: '520px' },
  text: { color: '#e2e4ea', fontSize: '15px', lineHeight: '24px' },
  muted: { color: '#9aa0b4', fontSize: '13px', lineHeight: '20px' },
  heading: { color: '#ffffff', fontSize: '22px', margin: '0 0 16px' },
  button: {
    backgroundColor: '#7c5cff',
    borderRadius: '8px',
    color: '#ffffff',
    fontWeight: 600,
    padding: '10px 18px',
  },
  divider: { borderColor: '#33374a', margin: '24px 0' },
} as const;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** One mail: its heading, its body, then below a rule the footer and the product's name. */
export function MailLayout({
  preview,
  title,
  footer,
  children,
  locale = DEFAULT_LOCALE,
}: {
  preview: string;
  title: string;
  footer?: ReactNode;
  children: ReactNode;
  /** The reader's language (the mail's `lang` and the tagline's under the product's name). */
  locale?: Locale;
}) {
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={mailStyles.page}>
        <Container style={mailStyles.card}>
          <Heading as="h1" style={mailStyles.heading}>
            {title}
          </Heading>
          {children}
          <Hr style={mailStyles.divider} />
          {footer}
          <Text style={mailStyles.muted}>{`${PRODUCT_NAME} · ${translate(locale, TAGLINE)}`}</Text>
        </Container>
      </Body>
    </Html>
  );
}

// html-to-text upper-cases headings by default; titles should read as written.
const plainTextOptions = {
  plainText: true,
  htmlToTextOptions: {
    selectors: [
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
    ],
  },
} as const;

/** A mail as HTML and as plain text (for clients that show only text). */
export async function renderMail(subject: string, email: ReactElement): Promise<RenderedMail> {
  const [html, plain] = await Promise.all([render(email), render(email, plainTextOptions)]);
  return { subject, html, text: plain.replace(/\n{3,}/g, '\n\n').trim() };
}
