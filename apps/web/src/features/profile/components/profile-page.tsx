import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Button,
  Center,
  Container,
  FileButton,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { NotificationChannel, UserProfile } from '@releasebell/contract';
import { EMAIL_LOCKED_TOOLTIP } from '@releasebell/contract/constants';
import { IconInfoCircle, IconLock, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { MediaImage } from '../../../components/media-image';
import { MembersOnly } from '../../../components/members-only';
import { ApiError } from '../../../lib/api-client';
import { formatReleaseDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { useWatchlist } from '../../../lib/watchlist';
import { avatarProblem, useAvatar } from '../api/avatar';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import classes from './profile-page.module.css';

interface FormState {
  first_name: string;
  last_name: string;
  phone_number: string;
  sms: boolean;
}

const fromProfile = (p: UserProfile): FormState => ({
  first_name: p.first_name,
  last_name: p.last_name,
  phone_number: p.phone_number ?? '',
  sms: p.notification_preferences.includes('mobile'),
});

const channels = (sms: boolean): NotificationChannel[] => (sms ? ['email', 'mobile'] : ['email']);

const fullName = (p: UserProfile) => `${p.first_name} ${p.last_name}`.trim() || p.username;

export function ProfilePage() {
  usePageTitle('Profile');
  return (
    <MembersOnly title="Profile" prompt="Sign in to see your profile.">
      {(user) => <Profile uid={user.id} />}
    </MembersOnly>
  );
}

function Profile({ uid }: { uid: string }) {
  const profile = useProfile(uid);
  const update = useUpdateProfile(uid);
  const avatar = useAvatar(uid);
  const [form, setForm] = useState<FormState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [avatarError, setAvatarError] = useState<string | null>(null);

  if (profile.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading profile" />
      </Center>
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
  const editing = form !== null;
  // SMS needs a phone: the one being typed while editing, the saved one otherwise.
  const phone = editing ? form.phone_number.trim() : (data.phone_number ?? '');
  const smsOn = editing ? form.sms : data.notification_preferences.includes('mobile');

  const save = (next: FormState, after?: () => void) => {
    setErrors({});
    update.mutate(
      {
        first_name: next.first_name,
        last_name: next.last_name,
        phone_number: next.phone_number.trim() || null,
        notification_preferences: channels(next.sms && next.phone_number.trim() !== ''),
      },
      {
        onSuccess: () => {
          notifications.show({
            title: 'Profile updated',
            message: 'Your changes are saved.',
            color: 'teal',
            autoClose: 3000,
          });
          after?.();
        },
        onError: (error) => {
          console.warn('Profile update failed', error);
          if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
            // The server names the field; show the message under it.
            const details = error.details;
            setErrors(Object.fromEntries(details.map((d) => [d.field.split('.')[0] ?? d.field, d.message])));
            if (details.length === 0) setErrors({ form: error.message });
          } else {
            setErrors({ form: 'Your changes could not be saved. Please try again.' });
          }
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form) save(form, () => setForm(null));
  };

  const onCancel = () => {
    setForm(null);
    setErrors({});
    void profile.refetch();
  };

  const onPhoneChange = (value: string) => {
    if (!form) return;
    // Emptying the phone switches SMS off by itself.
    setForm({ ...form, phone_number: value, sms: value.trim() === '' ? false : form.sms });
  };

  const onSmsToggle = (checked: boolean) => {
    if (editing) setForm({ ...form, sms: checked });
    else save({ ...fromProfile(data), sms: checked });
  };

  const onFile = (file: File | null) => {
    setAvatarError(null);
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) return setAvatarError(problem);
    avatar.upload.mutate(file, {
      onError: (error) =>
        setAvatarError(error instanceof ApiError ? error.message : 'The picture could not be uploaded.'),
    });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Profile</Title>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="lg">
              <Group gap="lg" align="center" wrap="wrap">
                <Avatar
                  src={data.avatar}
                  alt={data.avatar ? `${fullName(data)}'s profile picture` : ''}
                  size={96}
                  radius={96}
                  color="violet"
                >
                  {fullName(data).slice(0, 1).toUpperCase()}
                </Avatar>
                <Stack gap={4} className={classes.identity}>
                  <Text fw={700} size="xl">
                    {fullName(data)}
                  </Text>
                  <Text c="dimmed">@{data.username}</Text>
                  <Group gap="xs" mt={4}>
                    <FileButton onChange={onFile} accept="image/png,image/jpeg,image/webp">
                      {(props) => (
                        <Button
                          {...props}
                          size="xs"
                          variant="light"
                          leftSection={<IconPhotoUp size={14} aria-hidden />}
                          loading={avatar.upload.isPending}
                        >
                          Change photo
                        </Button>
                      )}
                    </FileButton>
                    {data.avatar && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="gray"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        loading={avatar.remove.isPending}
                        onClick={() => avatar.remove.mutate()}
                      >
                        Remove photo
                      </Button>
                    )}
                  </Group>
                  {avatarError && (
                    <Text c="red.4" size="sm" role="alert">
                      {avatarError}
                    </Text>
                  )}
                </Stack>
              </Group>

              {editing ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="First Name"
                    value={form.first_name}
                    maxLength={50}
                    error={errors.first_name}
                    onChange={(e) => setForm({ ...form, first_name: e.currentTarget.value })}
                    data-autofocus
                  />
                  <TextInput
                    label="Last Name"
                    value={form.last_name}
                    maxLength={50}
                    error={errors.last_name}
                    onChange={(e) => setForm({ ...form, last_name: e.currentTarget.value })}
                  />
                  <TextInput
                    label="Email"
                    value={data.email}
                    readOnly
                    disabled
                    leftSection={<IconLock size={14} aria-hidden />}
                    rightSection={<EmailLockedHint />}
                    rightSectionPointerEvents="all"
                  />
                  <TextInput
                    label="Phone Number"
                    type="tel"
                    value={form.phone_number}
                    maxLength={24}
                    error={errors.phone_number}
                    onChange={(e) => onPhoneChange(e.currentTarget.value)}
                  />
                </SimpleGrid>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Field
                    label="Full name"
                    value={`${data.first_name} ${data.last_name}`.trim() || 'Not set'}
                  />
                  <Field label="Username" value={`@${data.username}`} />
                  <Field label="Email" value={data.email} hint={<EmailLockedHint />} />
                  <Field label="Phone" value={data.phone_number ?? 'No phone number'} />
                </SimpleGrid>
              )}

              <Stack gap="xs">
                <Title order={2} size="h4">
                  Notification Preferences
                </Title>
                <Switch checked disabled label="Email" description="Email notifications are always on." />
                <Switch
                  checked={smsOn && phone !== ''}
                  disabled={phone === '' || update.isPending}
                  label="SMS"
                  description={
                    phone === '' ? 'Add a phone number to enable SMS notifications.' : `Texts go to ${phone}.`
                  }
                  error={errors.notification_preferences}
                  onChange={(e) => onSmsToggle(e.currentTarget.checked)}
                />
              </Stack>

              {errors.form && (
                <Text c="red.4" size="sm" role="alert">
                  {errors.form}
                </Text>
              )}

              <Group justify="flex-end">
                {editing ? (
                  <>
                    <Button variant="default" onClick={onCancel} disabled={update.isPending}>
                      Cancel
                    </Button>
                    <Button type="submit" loading={update.isPending}>
                      Save
                    </Button>
                  </>
                ) : (
                  <Button onClick={() => setForm(fromProfile(data))}>Edit Profile</Button>
                )}
              </Group>
            </Stack>
          </form>
        </Paper>

        <YourWatchlist />
      </Stack>
    </Container>
  );
}

/** How many tracked titles the profile shows; the rest are on the Watchlist screen. */
const PROFILE_WATCHLIST_LIMIT = 8;

function YourWatchlist() {
  const watchlist = useWatchlist();
  const entries = watchlist.data ?? [];
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="your-watchlist"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="your-watchlist">
            Your Watchlist
          </Title>
          <Anchor component={Link} to="/watchlist">
            Go to My Tracking List
          </Anchor>
        </Group>
        {watchlist.isPending ? (
          <Loader size="sm" aria-label="Loading your watchlist" />
        ) : watchlist.isError ? (
          <Text c="dimmed">Your watchlist could not be loaded right now.</Text>
        ) : entries.length === 0 ? (
          <Text c="dimmed">Your watchlist is currently empty.</Text>
        ) : (
          <>
            <ul className={classes.watchlist}>
              {entries.slice(0, PROFILE_WATCHLIST_LIMIT).map((entry) => (
                <li key={entry.item_id}>
                  <Link
                    to={`/media/${entry.media_type}/${encodeURIComponent(entry.slug)}`}
                    className={classes.tracked}
                  >
                    <MediaImage item={entry} width={44} height={66} className={classes.trackedPoster} />
                    <span>
                      <Text component="span" fw={600} size="sm" lineClamp={2}>
                        {entry.title}
                      </Text>
                      <Text component="span" size="xs" c="dimmed" display="block">
                        {formatReleaseDate(entry.release_date, entry.release_date_precision)}
                      </Text>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {entries.length > PROFILE_WATCHLIST_LIMIT && (
              <Text size="sm" c="dimmed">
                and {entries.length - PROFILE_WATCHLIST_LIMIT} more
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Field({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Group gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {hint}
      </Group>
      <Text fw={500} className={classes.value}>
        {value}
      </Text>
    </Stack>
  );
}

function EmailLockedHint() {
  return (
    <Tooltip label={EMAIL_LOCKED_TOOLTIP} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Why can't I change my email?">
        <IconInfoCircle size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
