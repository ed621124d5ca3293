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
import { useT } from '../../../lib/i18n';
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
import { DeleteAccount, YourData } from './your-data';
import { YourWatchlist } from './your-watchlist';

const MESSAGES = {
  title: /*i18n*/ { id: 'profile.profilePage.title', message: 'Profile' },
  signInPrompt: /*i18n*/ { id: 'profile.profilePage.signInPrompt', message: 'Sign in to see your profile.' },
  loading: /*i18n*/ { id: 'profile.profilePage.loading', message: 'Loading profile' },
  finishSignUp: /*i18n*/ { id: 'profile.profilePage.finishSignUp', message: 'Finish Signing Up' },
  step: /*i18n*/ { id: 'profile.profilePage.step', message: 'Step {step} of {total}' },
  loadFailed: /*i18n*/ { id: 'profile.profilePage.loadFailed', message: 'Your profile could not be loaded' },
  tryLater: /*i18n*/ { id: 'profile.profilePage.tryLater', message: 'Please try again in a moment.' },
  cancel: /*i18n*/ { id: 'profile.profilePage.cancel', message: 'Cancel' },
  save: /*i18n*/ { id: 'profile.profilePage.save', message: 'Save' },
  edit: /*i18n*/ { id: 'profile.profilePage.edit', message: 'Edit Profile' },
  importPrompt: /*i18n*/ {
    id: 'profile.profilePage.importPrompt',
    message: 'Keep lists on Goodreads, StoryGraph, Letterboxd, IMDb, Trakt or Simkl?',
  },
  importLink: /*i18n*/ { id: 'profile.profilePage.importLink', message: 'Import your lists' },
};

export interface ProfilePageProps {
  /**
   * Sign-up's step 2 (the auth feature's, given by app/), shown to a member whose account has no
   * profile yet: it registers the profile, which the page then shows.
   */
  FinishSignUp: ComponentType<{ user: CurrentUser }>;
}

export function ProfilePage({ FinishSignUp }: ProfilePageProps) {
  const t = useT();
  usePageTitle(t(MESSAGES.title));
  return (
    <MembersOnly title={t(MESSAGES.title)} prompt={t(MESSAGES.signInPrompt)}>
      {(user) => <Profile user={user} FinishSignUp={FinishSignUp} />}
    </MembersOnly>
  );
}

function Profile({ user, FinishSignUp }: { user: CurrentUser } & ProfilePageProps) {
  const uid = user.id;
  const profile = useProfile(uid);
  const form = useProfileForm(uid, profile.data, profile.refetch);
  const { tmdbAttribution } = usePublicConfig();
  const t = useT();

  if (profile.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t(MESSAGES.loading)} />
      </Center>
    );
  }
  if (profile.isError && isProfileMissing(profile.error)) {
    // The member left sign-up once the account was made: its step 2 is still to do.
    return (
      <Container size="xs" py="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{t(MESSAGES.finishSignUp)}</Title>
            <Text size="sm" c="dimmed">
              {t(MESSAGES.step, { step: 2, total: 2 })}
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
        <Alert color="gray" title={t(MESSAGES.loadFailed)}>
          {t(MESSAGES.tryLater)}
        </Alert>
      </Container>
    );
  }
  const data = profile.data;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t(MESSAGES.title)}</Title>
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
                      {t(MESSAGES.cancel)}
                    </Button>
                    <Button type="submit" loading={form.saving}>
                      {t(MESSAGES.save)}
                    </Button>
                  </>
                ) : (
                  <Button onClick={form.edit}>{t(MESSAGES.edit)}</Button>
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
          {t(MESSAGES.importPrompt)}{' '}
          <Anchor component={Link} to="/import" size="sm" underline="always">
            {t(MESSAGES.importLink)}
          </Anchor>
        </Text>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <YourData />
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <DeleteAccount />
        </Paper>
      </Stack>
    </Container>
  );
}
