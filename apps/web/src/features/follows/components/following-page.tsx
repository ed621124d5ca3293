import { Avatar, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import type { FollowKind, FollowsAnswer } from '@releasebell/contract';
import { Link } from 'react-router';
import { MembersOnly } from '../../../components/members-only';
import { useFollows, useUnfollow } from '../../../lib/follows';
import { usePageTitle } from '../../../lib/page-title';
import classes from './following-page.module.css';

const KIND_LABEL: Record<FollowKind, string> = { series: 'TV series', person: 'Person', author: 'Author' };

const upcomingText = (n: number) =>
  n === 0 ? 'Nothing announced yet' : `${n} ${n === 1 ? 'title' : 'titles'} to come`;

export function FollowingPage() {
  usePageTitle('Following');
  return (
    <MembersOnly title="Following" prompt="Sign in to see the series, people and authors you follow.">
      {() => <Following />}
    </MembersOnly>
  );
}

function Following() {
  const follows = useFollows();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        Following
      </Title>
      <Text c="dimmed" mb="lg">
        Their titles still to come are on your watchlist, and each new one joins it as soon as it is
        announced.
      </Text>
      {follows.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading what you follow" />
        </Center>
      ) : follows.isError ? (
        <Text c="dimmed" ta="center" py="xl">
          What you follow could not be loaded. Please try again in a moment.
        </Text>
      ) : follows.data.follows.length === 0 ? (
        <Empty />
      ) : (
        <ul className={classes.list} aria-label="Followed series, people and authors">
          {follows.data.follows.map((follow) => (
            <FollowRow key={follow.id} follow={follow} />
          ))}
        </ul>
      )}
    </Container>
  );
}

function FollowRow({ follow }: { follow: FollowsAnswer['follows'][number] }) {
  const unfollow = useUnfollow();
  const initials = follow.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <li className={classes.row}>
      <Avatar
        src={follow.image}
        alt=""
        size={56}
        radius={follow.kind === 'series' ? 'sm' : 'xl'}
        color="violet"
      >
        {initials}
      </Avatar>
      <div className={classes.text}>
        <Text fw={600} className={classes.name}>
          {follow.name}
        </Text>
        <Text size="sm" c="dimmed">
          {KIND_LABEL[follow.kind]} · {upcomingText(follow.upcoming)}
        </Text>
      </div>
      <Button
        variant="default"
        size="sm"
        loading={unfollow.isPending}
        onClick={() => unfollow.mutate(follow)}
        aria-label={`Unfollow ${follow.name}`}
      >
        Unfollow
      </Button>
    </li>
  );
}

function Empty() {
  return (
    <Stack align="center" ta="center" py="xl" gap="sm" className={classes.empty}>
      <Title order={2} size="h3">
        You don't follow anything yet
      </Title>
      <Text c="dimmed">
        Follow a TV series, a director or an author from any title's page. Their next season, film or book
        joins your watchlist the moment it is announced, and we tell you, even before it has a date.
      </Text>
      <Button component={Link} to="/homepage" variant="light">
        Find something to follow
      </Button>
    </Stack>
  );
}
