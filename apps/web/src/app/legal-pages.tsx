import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@releasebell/contract/constants';
import type { ReactNode } from 'react';
import { usePublicConfig } from '../lib/config';
import { usePageTitle } from '../lib/page-title';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="sm">
          Last updated 23 November 2026
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
      Questions? Write to <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>.
    </Text>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <Text>
        {PRODUCT_NAME} helps you follow upcoming books, movies and TV seasons. This page says what we keep
        about you, why, and what you can ask of us.
      </Text>
      <Title order={2} size="h3">
        What we keep
      </Title>
      <List spacing="xs">
        <List.Item>
          Your email address and a password hash (never the password itself), or your Google account id if you
          sign in with Google.
        </List.Item>
        <List.Item>The name, username, phone number and picture you add to your profile.</List.Item>
        <List.Item>The titles on your tracking list and when you added them.</List.Item>
        <List.Item>
          Your notification choices, and the campaign that brought you here (utm tags) if any.
        </List.Item>
      </List>
      <Title order={2} size="h3">
        Why
      </Title>
      <Text>
        To sign you in, to tell you when something you track is released or gets a date (by email, and by SMS
        if you turn it on), and to show everyone which titles are most tracked, counted without names. We do
        not sell your data or show you ads.
      </Text>
      <Title order={2} size="h3">
        Your choices
      </Title>
      <Text>
        You can change your profile and notification choices at any time, and ask us to export or delete your
        account and everything in it.
      </Text>
      <Contact />
    </LegalPage>
  );
}

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <Text>By creating an account or using {PRODUCT_NAME} you agree to these terms.</Text>
      <List spacing="xs">
        <List.Item>
          Release dates come from publishers, studios and networks, and they change; we show the latest we
          know but cannot promise them.
        </List.Item>
        <List.Item>
          Keep your password to yourself; you are responsible for what happens under your account.
        </List.Item>
        <List.Item>
          Don't misuse the service: no scraping at scale, no attempts to reach other people's data, no abuse
          of the request form.
        </List.Item>
        <List.Item>
          By signing up you agree to receive emails about the titles you track and about your account. You can
          turn off anything but account emails.
        </List.Item>
        <List.Item>
          We may change these terms; when we do in a way that matters, we tell you by email first.
        </List.Item>
      </List>
      <Contact />
    </LegalPage>
  );
}
