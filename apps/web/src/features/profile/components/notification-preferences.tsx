import { Stack, Switch, Title } from '@mantine/core';

export interface NotificationPreferencesProps {
  /** The phone texts would go to; '' for none (then SMS cannot be switched on). */
  phone: string;
  smsOn: boolean;
  saving: boolean;
  error?: string;
  onSmsToggle: (checked: boolean) => void;
}

/** Email, always on and locked; SMS, only with a phone number. */
export function NotificationPreferences({
  phone,
  smsOn,
  saving,
  error,
  onSmsToggle,
}: NotificationPreferencesProps) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Notification Preferences
      </Title>
      <Switch checked disabled label="Email" description="Email notifications are always on." />
      <Switch
        checked={smsOn && phone !== ''}
        disabled={phone === '' || saving}
        label="SMS"
        description={
          phone === '' ? 'Add a phone number to enable SMS notifications.' : `Texts go to ${phone}.`
        }
        error={error}
        onChange={(e) => onSmsToggle(e.currentTarget.checked)}
      />
    </Stack>
  );
}
