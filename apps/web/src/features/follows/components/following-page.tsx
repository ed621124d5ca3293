import { Avatar, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import type { FollowKind, FollowsAnswer } from '@releasebell/contract';
import { Link } from 'react-router';
import { MembersOnly } from '../../../components/members-only';
import { useFollows, useUnfollow } from '../../../lib/follows';
import { type Translate, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import classes from './following-page.module.css';

const MESSAGES = {
  title: /*i18n*/ { id: 'follows.followingPage.title', message: 'Following' },
  prompt: /*i18n*/ {
    id: 'follows.followingPage.prompt',
    message: 'Sign in to see the series, people and authors you follow.',
  },
  intro: /*i18n*/ {
    id: 'follows.followingPage.intro',
    message:
      'Their titles still to come are on your watchlist, and each new one joins it as soon as it is announced.',
  },
  loading: /*i18n*/ { id: 'follows.followingPage.loading', message: 'Loading what you follow' },
  failed: /*i18n*/ {
    id: 'follows.followingPage.failed',
    message: 'What you follow could not be loaded. Please try again in a moment.',
  },
  list: /*i18n*/ { id: 'follows.followingPage.list', message: 'Followed series, people and authors' },
  series: /*i18n*/ { id: 'follows.followingPage.series', message: 'TV series' },
  person: /*i18n*/ { id: 'follows.followingPage.person', message: 'Person' },
  author: /*i18n*/ { id: 'follows.followingPage.author', message: 'Author' },
  nothingYet: /*i18n*/ { id: 'follows.followingPage.nothingYet', message: 'Nothing announced yet' },
  upcoming: /*i18n*/ {
    id: 'follows.followingPage.upcoming',
    message: '{count, plural, one {# title to come} other {# titles to come}}',
  },
  unfollowName: /*i18n*/ { id: 'follows.followingPage.unfollowName', message: 'Unfollow {name}' },
  unfollow: /*i18n*/ { id: 'follows.followingPage.unfollow', message: 'Unfollow' },
  emptyTitle: /*i18n*/ { id: 'follows.followingPage.emptyTitle', message: "You don't follow anything yet" },
  emptyText: /*i18n*/ {
    id: 'follows.followingPage.emptyText',
    message:
      "Follow a TV series, a director or an author from any title's page. Their next season, film or book joins your watchlist the moment it is announced, and we tell you, even before it has a date.",
  },
  findSomething: /*i18n*/ { id: 'follows.followingPage.findSomething', message: 'Find something to follow' },
};

const KIND_LABEL = {
  series: MESSAGES.series,
  person: MESSAGES.person,
  author: MESSAGES.author,
} satisfies Record<FollowKind, unknown>;

const upcomingText = (t: Translate, n: number) =>
  n === 0 ? t(MESSAGES.nothingYet) : t(MESSAGES.upcoming, { count: n });

export function FollowingPage() {
  const t = useT();
  usePageTitle(t(MESSAGES.title));
  return (
    <MembersOnly title={t(MESSAGES.title)} prompt={t(MESSAGES.prompt)}>
      {() => <Following />}
    </MembersOnly>
  );
}

function Following() {
  const t = useT();
  const follows = useFollows();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        {t(MESSAGES.title)}
      </Title>
      <Text c="dimmed" mb="lg">
        {t(MESSAGES.intro)}
      </Text>
      {follows.isPending ? (
        <Center py="xl">
          <Loader aria-label={t(MESSAGES.loading)} />
        </Center>
      ) : follows.isError ? (
        <Text c="dimmed" ta="center" py="xl">
          {t(MESSAGES.failed)}
        </Text>
      ) : follows.data.follows.length === 0 ? (
        <Empty />
      ) : (
        <ul className={classes.list} aria-label={t(MESSAGES.list)}>
          {follows.data.follows.map((follow) => (
            <FollowRow key={follow.id} follow={follow} />
          ))}
        </ul>
      )}
    </Container>
  );
}

function FollowRow({ follow }: { follow: FollowsAnswer['follows'][number] }) {
  const t = useT();
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
          {t(KIND_LABEL[follow.kind])} · {upcomingText(t, follow.upcoming)}
        </Text>
      </div>
      <Button
        variant="default"
        size="sm"
        loading={unfollow.isPending}
        onClick={() => unfollow.mutate(follow)}
        aria-label={t(MESSAGES.unfollowName, { name: follow.name })}
      >
        {t(MESSAGES.unfollow)}
      </Button>
    </li>
  );
}

function Empty() {
  const t = useT();
  return (
    <Stack align="center" ta="center" py="xl" gap="sm" className={classes.empty}>
      <Title order={2} size="h3">
        {t(MESSAGES.emptyTitle)}
      </Title>
      <Text c="dimmed">{t(MESSAGES.emptyText)}</Text>
      <Button component={Link} to="/homepage" variant="light">
        {t(MESSAGES.findSomething)}
      </Button>
    </Stack>
  );
}
