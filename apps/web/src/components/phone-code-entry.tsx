import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../lib/i18n';
import { cleanPhoneCode } from '../lib/phone-verification';

const MESSAGES = {
  label: /*i18n*/ { id: 'components.phoneCodeEntry.label', message: 'Verification code' },
  verify: /*i18n*/ { id: 'components.phoneCodeEntry.verify', message: 'Verify' },
};

export interface PhoneCodeEntryProps {
  /** The digits typed so far. */
  code: string;
  /** Only digits, at most a code's length: a pasted "123 456" or whole text gives its code. */
  onCodeChange: (code: string) => void;
  /** Why the code was not taken, shown under the field and announced. */
  error?: string | null;
  /** Under the label, e.g. where the code went. */
  description?: ReactNode;
  verifying: boolean;
  /** Verify, or Enter in the field. */
  onVerify: () => void;
  /** Actions beside Verify ("Send a new code", "Skip for now"). */
  children?: ReactNode;
}

/**
 * The texted code and its Verify button. Enter in the field verifies, so it works inside a larger form
 * (the profile) without submitting it. The field takes focus when it appears: it shows only once a
 * code was asked for, and the member's next step is to type it.
 */
export function PhoneCodeEntry({
  code,
  onCodeChange,
  error,
  description,
  verifying,
  onVerify,
  children,
}: PhoneCodeEntryProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!verifying) onVerify();
  };

  return (
    <Stack gap="xs">
      <TextInput
        ref={input}
        label={t(MESSAGES.label)}
        description={description}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        maw={240}
        // Announced as soon as it shows: the member is typing in the field, so its focus does not move.
        error={error ? <span role="alert">{error}</span> : undefined}
        onChange={(e) => onCodeChange(cleanPhoneCode(e.currentTarget.value))}
        onKeyDown={onKeyDown}
      />
      <Group gap="xs">
        <Button loading={verifying} onClick={onVerify}>
          {t(MESSAGES.verify)}
        </Button>
        {children}
      </Group>
    </Stack>
  );
}
