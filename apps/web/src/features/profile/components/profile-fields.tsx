import { ActionIcon, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UserProfile } from '@releasebell/contract';
import { EMAIL_LOCKED_TOOLTIP } from '@releasebell/contract/constants';
import { IconCircleCheck, IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import type { ProfileFormState } from '../profile-form';
import classes from './profile-page.module.css';

const MESSAGES = {
  verified: /*i18n*/ { id: 'profile.profileFields.verified', message: 'Verified' },
  whyEmailLocked: /*i18n*/ {
    id: 'profile.profileFields.whyEmailLocked',
    message: "Why can't I change my email?",
  },
  fullName: /*i18n*/ { id: 'profile.profileFields.fullName', message: 'Full name' },
  notSet: /*i18n*/ { id: 'profile.profileFields.notSet', message: 'Not set' },
  username: /*i18n*/ { id: 'profile.profileFields.username', message: 'Username' },
  email: /*i18n*/ { id: 'profile.profileFields.email', message: 'Email' },
  phone: /*i18n*/ { id: 'profile.profileFields.phone', message: 'Phone' },
  noPhone: /*i18n*/ { id: 'profile.profileFields.noPhone', message: 'No phone number' },
  firstName: /*i18n*/ { id: 'profile.profileFields.firstName', message: 'First Name' },
  lastName: /*i18n*/ { id: 'profile.profileFields.lastName', message: 'Last Name' },
  phoneNumber: /*i18n*/ { id: 'profile.profileFields.phoneNumber', message: 'Phone Number' },
};

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
  const t = useT();
  return (
    <Group gap={4} wrap="nowrap" c="teal.4">
      <IconCircleCheck size={16} aria-hidden />
      <Text size="sm" fw={600} c="teal.4">
        {t(MESSAGES.verified)}
      </Text>
    </Group>
  );
}

/** Why the email cannot be changed here. */
function EmailLockedHint() {
  const t = useT();
  return (
    <Tooltip label={t(EMAIL_LOCKED_TOOLTIP)} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t(MESSAGES.whyEmailLocked)}>
        <IconInfoCircle size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** View mode: full name, username, email and phone. */
export function ProfileDetails({ profile }: { profile: UserProfile }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Field
        label={t(MESSAGES.fullName)}
        value={`${profile.first_name} ${profile.last_name}`.trim() || t(MESSAGES.notSet)}
      />
      <Field label={t(MESSAGES.username)} value={`@${profile.username}`} />
      <Field label={t(MESSAGES.email)} value={profile.email} hint={<EmailLockedHint />} />
      <Field
        label={t(MESSAGES.phone)}
        value={profile.phone_number_display ?? profile.phone_number ?? t(MESSAGES.noPhone)}
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
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t(MESSAGES.firstName)}
        value={form.first_name}
        maxLength={50}
        error={errors.first_name}
        onChange={(e) => onChange({ first_name: e.currentTarget.value })}
        data-autofocus
      />
      <TextInput
        label={t(MESSAGES.lastName)}
        value={form.last_name}
        maxLength={50}
        error={errors.last_name}
        onChange={(e) => onChange({ last_name: e.currentTarget.value })}
      />
      <TextInput
        label={t(MESSAGES.email)}
        value={email}
        readOnly
        disabled
        leftSection={<IconLock size={14} aria-hidden />}
        rightSection={<EmailLockedHint />}
        rightSectionPointerEvents="all"
      />
      <TextInput
        label={t(MESSAGES.phoneNumber)}
        type="tel"
        value={form.phone_number}
        maxLength={24}
        error={errors.phone_number}
        onChange={(e) => onPhoneChange(e.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
