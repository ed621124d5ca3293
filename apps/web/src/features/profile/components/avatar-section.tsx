import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { UserProfile } from '@releasebell/contract';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { avatarProblem, useAvatar } from '../api/avatar';
import { fullName } from '../profile-form';
import classes from './profile-page.module.css';

const MESSAGES = {
  uploadFailed: /*i18n*/ {
    id: 'profile.avatarSection.uploadFailed',
    message: 'The picture could not be uploaded.',
  },
  alt: /*i18n*/ { id: 'profile.avatarSection.alt', message: "{name}''s profile picture" },
  change: /*i18n*/ { id: 'profile.avatarSection.change', message: 'Change photo' },
  remove: /*i18n*/ { id: 'profile.avatarSection.remove', message: 'Remove photo' },
};

/** The picture (a placeholder initial without one), the name and username, and changing the picture. */
export function AvatarSection({ uid, profile }: { uid: string; profile: UserProfile }) {
  const avatar = useAvatar(uid);
  const t = useT();
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const name = fullName(profile);

  const onFile = (file: File | null) => {
    setAvatarError(null);
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) return setAvatarError(problem);
    avatar.upload.mutate(file, {
      onError: (error) =>
        setAvatarError(error instanceof ApiError ? error.message : t(MESSAGES.uploadFailed)),
    });
  };

  return (
    <Group gap="lg" align="center" wrap="wrap">
      <Avatar
        src={profile.avatar}
        alt={profile.avatar ? t(MESSAGES.alt, { name }) : ''}
        size={96}
        radius={96}
        color="violet"
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={4} className={classes.identity}>
        <Text fw={700} size="xl">
          {name}
        </Text>
        <Text c="dimmed">@{profile.username}</Text>
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
                {t(MESSAGES.change)}
              </Button>
            )}
          </FileButton>
          {profile.avatar && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={14} aria-hidden />}
              loading={avatar.remove.isPending}
              onClick={() => avatar.remove.mutate()}
            >
              {t(MESSAGES.remove)}
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
  );
}
