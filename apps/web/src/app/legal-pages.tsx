import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@releasebell/contract/constants';
import type { ReactNode } from 'react';
import { usePublicConfig } from '../lib/config';
import { Message, useT } from '../lib/i18n';
import { usePageTitle } from '../lib/page-title';

const MESSAGES = {
  lastUpdated: /*i18n*/ { id: 'app.legalPages.lastUpdated', message: 'Last updated 23 November 2026' },
  contact: /*i18n*/ { id: 'app.legalPages.contact', message: 'Questions? Write to {email}.' },
  privacyTitle: /*i18n*/ { id: 'app.legalPages.privacyTitle', message: 'Privacy Policy' },
  privacyIntro: /*i18n*/ {
    id: 'app.legalPages.privacyIntro',
    message:
      '{product} helps you follow upcoming books, movies and TV seasons. This page says what we keep about you, why, and what you can ask of us.',
  },
  privacyKeepHeading: /*i18n*/ { id: 'app.legalPages.privacyKeepHeading', message: 'What we keep' },
  privacyKeepAccount: /*i18n*/ {
    id: 'app.legalPages.privacyKeepAccount',
    message:
      'Your email address and a password hash (never the password itself), or your Google account id if you sign in with Google.',
  },
  privacyKeepProfile: /*i18n*/ {
    id: 'app.legalPages.privacyKeepProfile',
    message: 'The name, username, phone number and picture you add to your profile.',
  },
  privacyKeepList: /*i18n*/ {
    id: 'app.legalPages.privacyKeepList',
    message: 'The titles on your tracking list and when you added them.',
  },
  privacyKeepChoices: /*i18n*/ {
    id: 'app.legalPages.privacyKeepChoices',
    message: 'Your notification choices, and the campaign that brought you here (utm tags) if any.',
  },
  privacyWhyHeading: /*i18n*/ { id: 'app.legalPages.privacyWhyHeading', message: 'Why' },
  privacyWhy: /*i18n*/ {
    id: 'app.legalPages.privacyWhy',
    message:
      'To sign you in, to tell you when something you track is released or gets a date (by email, and by SMS if you turn it on), and to show everyone which titles are most tracked, counted without names. We do not sell your data or show you ads.',
  },
  privacyChoicesHeading: /*i18n*/ { id: 'app.legalPages.privacyChoicesHeading', message: 'Your choices' },
  privacyChoices: /*i18n*/ {
    id: 'app.legalPages.privacyChoices',
    message:
      'You can change your profile and notification choices at any time, and ask us to export or delete your account and everything in it.',
  },
  termsTitle: /*i18n*/ { id: 'app.legalPages.termsTitle', message: 'Terms of Service' },
  termsIntro: /*i18n*/ {
    id: 'app.legalPages.termsIntro',
    message: 'By creating an account or using {product} you agree to these terms.',
  },
  termsDates: /*i18n*/ {
    id: 'app.legalPages.termsDates',
    message:
      'Release dates come from publishers, studios and networks, and they change; we show the latest we know but cannot promise them.',
  },
  termsPassword: /*i18n*/ {
    id: 'app.legalPages.termsPassword',
    message: 'Keep your password to yourself; you are responsible for what happens under your account.',
  },
  termsMisuse: /*i18n*/ {
    id: 'app.legalPages.termsMisuse',
    message:
      "Don't misuse the service: no scraping at scale, no attempts to reach other people's data, no abuse of the request form.",
  },
  termsEmails: /*i18n*/ {
    id: 'app.legalPages.termsEmails',
    message:
      'By signing up you agree to receive emails about the titles you track and about your account. You can turn off anything but account emails.',
  },
  termsChanges: /*i18n*/ {
    id: 'app.legalPages.termsChanges',
    message: 'We may change these terms; when we do in a way that matters, we tell you by email first.',
  },
};

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="sm">
          {t(MESSAGES.lastUpdated)}
        </Text>
        {children}
      </Stack>
    </Container>
  );
}

function Contact() {
  const { contactEmail } = usePublicConfig();
  return (
    <Text>
      <Message
        message={MESSAGES.contact}
        parts={{ email: <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor> }}
      />
    </Text>
  );
}

export function PrivacyPage() {
  const t = useT();
  const product = PRODUCT_NAME;
  return (
    <LegalPage title={t(MESSAGES.privacyTitle)}>
      <Text>{t(MESSAGES.privacyIntro, { product })}</Text>
      <Title order={2} size="h3">
        {t(MESSAGES.privacyKeepHeading)}
      </Title>
      <List spacing="xs">
        <List.Item>{t(MESSAGES.privacyKeepAccount)}</List.Item>
        <List.Item>{t(MESSAGES.privacyKeepProfile)}</List.Item>
        <List.Item>{t(MESSAGES.privacyKeepList)}</List.Item>
        <List.Item>{t(MESSAGES.privacyKeepChoices)}</List.Item>
      </List>
      <Title order={2} size="h3">
        {t(MESSAGES.privacyWhyHeading)}
      </Title>
      <Text>{t(MESSAGES.privacyWhy)}</Text>
      <Title order={2} size="h3">
        {t(MESSAGES.privacyChoicesHeading)}
      </Title>
      <Text>{t(MESSAGES.privacyChoices)}</Text>
      <Contact />
    </LegalPage>
  );
}

export function TermsPage() {
  const t = useT();
  return (
    <LegalPage title={t(MESSAGES.termsTitle)}>
      <Text>{t(MESSAGES.termsIntro, { product: PRODUCT_NAME })}</Text>
      <List spacing="xs">
        <List.Item>{t(MESSAGES.termsDates)}</List.Item>
        <List.Item>{t(MESSAGES.termsPassword)}</List.Item>
        <List.Item>{t(MESSAGES.termsMisuse)}</List.Item>
        <List.Item>{t(MESSAGES.termsEmails)}</List.Item>
        <List.Item>{t(MESSAGES.termsChanges)}</List.Item>
      </List>
      <Contact />
    </LegalPage>
  );
}
