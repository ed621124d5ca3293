import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDeleteAccount, useDownloadMyData } from '../api/account';

const MESSAGES = {
  title: /*i18n*/ { id: 'profile.data.title', message: 'Your data' },
  intro: /*i18n*/ {
    id: 'profile.data.intro',
    message:
      'Everything Releasebell keeps about you, to take anywhere: your profile, watchlist, follows, services, channels and the notifications we sent, as a ZIP with your watchlist as a spreadsheet and your calendar.',
  },
  download: /*i18n*/ { id: 'profile.data.download', message: 'Download my data' },
  downloadFailed: /*i18n*/ {
    id: 'profile.data.downloadFailed',
    message: 'Your data could not be downloaded. Please try again.',
  },
  deleteTitle: /*i18n*/ { id: 'profile.delete.title', message: 'Delete account' },
  deleteIntro: /*i18n*/ {
    id: 'profile.delete.intro',
    message:
      'Deleting your account removes your profile, watchlist, follows, services, channels, devices, calendar link, imports and notifications for good, and signs you out everywhere. Download your data first if you want to keep it.',
  },
  start: /*i18n*/ { id: 'profile.delete.start', message: 'Delete account…' },
  password: /*i18n*/ { id: 'profile.delete.password', message: 'Your password' },
  email: /*i18n*/ { id: 'profile.delete.email', message: 'Your email address' },
  useEmail: /*i18n*/ { id: 'profile.delete.useEmail', message: 'I sign in with Google' },
  usePassword: /*i18n*/ { id: 'profile.delete.usePassword', message: 'I have a password' },
  emailHint: /*i18n*/ {
    id: 'profile.delete.emailHint',
    message: 'Type the email address of your account. You must have signed in within the last 10 minutes.',
  },
  confirm: /*i18n*/ { id: 'profile.delete.confirm', message: 'Delete my account for good' },
  cancel: /*i18n*/ { id: 'profile.delete.cancel', message: 'Keep my account' },
  failed: /*i18n*/ {
    id: 'profile.delete.failed',
    message: 'Your account could not be deleted. Please try again.',
  },
  deleted: /*i18n*/ { id: 'profile.delete.deleted', message: 'Your account has been deleted.' },
};

/** What the server said, else our own words. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** The member's data to take away, and the deletion of their account. */
export function YourData() {
  const t = useT();
  const download = useDownloadMyData();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t(MESSAGES.title)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(MESSAGES.intro)}
      </Text>
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onError: (error) =>
                notifications.show({ message: messageOf(error, t(MESSAGES.downloadFailed)), color: 'red' }),
            })
          }
        >
          {t(MESSAGES.download)}
        </Button>
      </Group>
    </Stack>
  );
}

/** Deleting the account: the member's password (or, for Google members, their email) says it is them. */
export function DeleteAccount() {
  const t = useT();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [withEmail, setWithEmail] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const field = {
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(e.currentTarget.value),
    error,
    required: true,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    remove.mutate(withEmail ? { confirm: value } : { password: value }, {
      onSuccess: async () => {
        notifications.show({ message: t(MESSAGES.deleted), color: 'teal', autoClose: 6000 });
        // The session is gone with the account: forget it here too (the server's answer no longer
        // matters), before any screen of the member's is drawn again.
        await signOut().catch(() => undefined);
        void navigate('/');
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.details[0]?.field : undefined;
        // A member without a password is asked for their email instead.
        if (field === 'confirm' && !withEmail) setWithEmail(true);
        setError(
          failure instanceof ApiError ? (failure.details[0]?.message ?? failure.message) : t(MESSAGES.failed),
        );
      },
    });
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t(MESSAGES.deleteTitle)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(MESSAGES.deleteIntro)}
      </Text>
      {open ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {withEmail ? (
              <TextInput
                {...field}
                type="email"
                autoComplete="email"
                label={t(MESSAGES.email)}
                description={t(MESSAGES.emailHint)}
              />
            ) : (
              <PasswordInput {...field} autoComplete="current-password" label={t(MESSAGES.password)} />
            )}
            <Anchor
              component="button"
              type="button"
              size="sm"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => {
                setWithEmail(!withEmail);
                setValue('');
                setError(null);
              }}
            >
              {t(withEmail ? MESSAGES.usePassword : MESSAGES.useEmail)}
            </Anchor>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)} disabled={remove.isPending}>
                {t(MESSAGES.cancel)}
              </Button>
              <Button type="submit" color="red.9" loading={remove.isPending} disabled={value.trim() === ''}>
                {t(MESSAGES.confirm)}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group>
          <Button color="red" variant="outline" onClick={() => setOpen(true)}>
            {t(MESSAGES.start)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
