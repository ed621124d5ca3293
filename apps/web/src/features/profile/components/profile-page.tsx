import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { MembersOnly } from '../../../components/members-only';
import { usePublicConfig } from '../../../lib/config';
import { usePageTitle } from '../../../lib/page-title';
import type { CurrentUser } from '../../../lib/session';
import { isProfileMissing, useProfile } from '../api/get-profile';
import { useProfileForm } from '../hooks/use-profile-form';
import { AvatarSection } from './avatar-section';
import { CalendarFeed } from './calendar-feed';
import { ChatChannels } from './chat-channels';
import { MyServices } from './my-services';
import { NotificationPreferences } from './notification-preferences';
import { ProfileDetails, ProfileEditFields } from './profile-fields';
import { YourWatchlist } from './your-watchlist';

export interface ProfilePageProps {
  /**
   * Sign-up's step 2 (the auth feature's, given by app/), shown to a member whose account has no
   * profile yet: it registers the profile, which the page then shows.
   */
  FinishSignUp: ComponentType<{ user: CurrentUser }>;
}

export function ProfilePage({ FinishSignUp }: ProfilePageProps) {
  usePageTitle('Profile');
  return (
    <MembersOnly title="Profile" prompt="Sign in to see your profile.">
      {(user) => <Profile user={user} FinishSignUp={FinishSignUp} />}
    </MembersOnly>
  );
}

function Profile({ user, FinishSignUp }: { user: CurrentUser } & ProfilePageProps) {
  const uid = user.id;
  const profile = useProfile(uid);
  const form = useProfileForm(uid, profile.data, profile.refetch);
  const { tmdbAttribution } = usePublicConfig();

  if (profile.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading profile" />
      </Center>
    );
  }
  if (profile.isError && isProfileMissing(profile.error)) {
    // The member left sign-up once the account was made: its step 2 is still to do.
    return (
      <Container size="xs" py="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>Finish Signing Up</Title>
            <Text size="sm" c="dimmed">
              Step 2 of 2
            </Text>
          </Stack>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <FinishSignUp user={user} />
          </Paper>
        </Stack>
      </Container>
    );
  }
  if (profile.isError) {
    console.warn('Profile load failed', profile.error);
    return (
      <Container size="sm" py={60}>
        <Alert color="gray" title="Your profile could not be loaded">
          Please try again in a moment.
        </Alert>
      </Container>
    );
  }
  const data = profile.data;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Profile</Title>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={form.submit} noValidate>
            <Stack gap="lg">
              <AvatarSection uid={uid} profile={data} />

              {form.form ? (
                <ProfileEditFields
                  form={form.form}
                  email={data.email}
                  errors={form.errors}
                  onChange={form.change}
                  onPhoneChange={form.changePhone}
                />
              ) : (
                <ProfileDetails profile={data} />
              )}

              <NotificationPreferences profile={data} form={form} />

              {form.errors.form && (
                <Text c="red.4" size="sm" role="alert">
                  {form.errors.form}
                </Text>
              )}

              <Group justify="flex-end">
                {form.editing ? (
                  <>
                    <Button variant="default" onClick={form.cancel} disabled={form.saving}>
                      Cancel
                    </Button>
                    <Button type="submit" loading={form.saving}>
                      Save
                    </Button>
                  </>
                ) : (
                  <Button onClick={form.edit}>Edit Profile</Button>
                )}
              </Group>
            </Stack>
          </form>
        </Paper>

        {/* Where to watch comes from TMDB: without it there are no services to choose. */}
        {tmdbAttribution && (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <MyServices />
          </Paper>
        )}

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <CalendarFeed />
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <ChatChannels />
        </Paper>

        <YourWatchlist />
        <Text size="sm" c="dimmed" mt="-sm">
          Keep lists on Goodreads, StoryGraph, Letterboxd or IMDb?{' '}
          <Anchor component={Link} to="/import" size="sm" underline="always">
            Import your lists
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
