import { ActionIcon, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UserProfile } from '@releasebell/contract';
import { EMAIL_LOCKED_TOOLTIP } from '@releasebell/contract/constants';
import { IconCircleCheck, IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ProfileFormState } from '../profile-form';
import classes from './profile-page.module.css';

function Field({
  label,
  value,
  hint,
  mark,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  /** Beside the value (the phone's "Verified"). */
  mark?: ReactNode;
}) {
  return (
    <Stack gap={2}>
      <Group gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {hint}
      </Group>
      <Group gap={8} wrap="wrap">
        <Text fw={500} className={classes.value}>
          {value}
        </Text>
        {mark}
      </Group>
    </Stack>
  );
}

/** The member proved the number is theirs with a texted code. */
function VerifiedMark() {
  return (
    <Group gap={4} wrap="nowrap" c="teal.4">
      <IconCircleCheck size={16} aria-hidden />
      <Text size="sm" fw={600} c="teal.4">
        Verified
      </Text>
    </Group>
  );
}

/** Why the email cannot be changed here. */
function EmailLockedHint() {
  return (
    <Tooltip label={EMAIL_LOCKED_TOOLTIP} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Why can't I change my email?">
        <IconInfoCircle size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** View mode: full name, username, email and phone. */
export function ProfileDetails({ profile }: { profile: UserProfile }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Field label="Full name" value={`${profile.first_name} ${profile.last_name}`.trim() || 'Not set'} />
      <Field label="Username" value={`@${profile.username}`} />
      <Field label="Email" value={profile.email} hint={<EmailLockedHint />} />
      <Field
        label="Phone"
        value={profile.phone_number_display ?? profile.phone_number ?? 'No phone number'}
        mark={profile.phone_number && profile.phone_verified ? <VerifiedMark /> : undefined}
      />
    </SimpleGrid>
  );
}

export interface ProfileEditFieldsProps {
  form: ProfileFormState;
  email: string;
  errors: Record<string, string>;
  onChange: (patch: Pick<Partial<ProfileFormState>, 'first_name' | 'last_name'>) => void;
  onPhoneChange: (value: string) => void;
}

/** Edit mode: names and phone; the email shows, locked. */
export function ProfileEditFields({ form, email, errors, onChange, onPhoneChange }: ProfileEditFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="First Name"
        value={form.first_name}
        maxLength={50}
        error={errors.first_name}
        onChange={(e) => onChange({ first_name: e.currentTarget.value })}
        data-autofocus
      />
      <TextInput
        label="Last Name"
        value={form.last_name}
        maxLength={50}
        error={errors.last_name}
        onChange={(e) => onChange({ last_name: e.currentTarget.value })}
      />
      <TextInput
        label="Email"
        value={email}
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
  );
}
