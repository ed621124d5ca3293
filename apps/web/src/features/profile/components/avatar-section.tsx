import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { UserProfile } from '@releasebell/contract';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { avatarProblem, useAvatar } from '../api/avatar';
import { fullName } from '../profile-form';
import classes from './profile-page.module.css';

/** The picture (a placeholder initial without one), the name and username, and changing the picture. */
export function AvatarSection({ uid, profile }: { uid: string; profile: UserProfile }) {
  const avatar = useAvatar(uid);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const name = fullName(profile);

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
    <Group gap="lg" align="center" wrap="wrap">
      <Avatar
        src={profile.avatar}
        alt={profile.avatar ? `${name}'s profile picture` : ''}
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
                Change photo
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
  );
}
