import { Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../lib/page-title';

// These screens are built by later issues; until then each route shows where the user is.
function Upcoming({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="sm" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Container>
  );
}

export const WatchlistScreen = () => (
  <Upcoming
    title="My Tracking List"
    text="Your tracking list arrives with accounts. Sign-in is on its way."
  />
);
export const LeaderboardScreen = () => (
  <Upcoming title="Most Tracked This Week" text="The leaderboard opens once people start tracking titles." />
);
