import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UserProfile } from '@releasebell/contract';
import { PHONE_CODE_LENGTH, PHONE_CODE_MINUTES, PHONE_MESSAGES } from '@releasebell/contract/constants';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { PhoneCodeEntry } from '../../../components/phone-code-entry';
import { useT } from '../../../lib/i18n';
import type { PhoneVerification } from '../hooks/use-phone-verification';

const MESSAGES = {
  notSent: /*i18n*/ { id: 'profile.phoneVerification.notSent', message: 'Code not sent' },
  sentTo: /*i18n*/ {
    id: 'profile.phoneVerification.sentTo',
    message: 'Sent to {phone}; it works for {minutes, plural, one {# minute} other {# minutes}}.',
  },
  sendNew: /*i18n*/ { id: 'profile.phoneVerification.sendNew', message: 'Send a new code' },
  textMe: /*i18n*/ { id: 'profile.phoneVerification.textMe', message: 'Text me a code' },
  willText: /*i18n*/ {
    id: 'profile.phoneVerification.willText',
    message: "We'll text a {length}-digit code to {phone}.",
  },
};

export interface PhoneVerificationPanelProps {
  profile: UserProfile;
  verification: PhoneVerification;
}

/**
 * Under the SMS switch while texts are on for a number that is not verified: says so, texts a code, and
 * takes it. Once the code is taken it says the number is verified.
 */
export function PhoneVerificationPanel({ profile, verification: v }: PhoneVerificationPanelProps) {
  const t = useT();
  if (v.justVerified) {
    return (
      <Alert color="teal" role="status" icon={<IconCircleCheck size={18} aria-hidden />}>
        {t(PHONE_MESSAGES.verified)}
      </Alert>
    );
  }
  const number = profile.phone_number_display ?? profile.phone_number ?? '';
  return (
    <Stack gap="xs" align="stretch">
      <Text size="sm" c="yellow.4">
        <IconAlertTriangle size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
        {t(PHONE_MESSAGES.notVerified)}
      </Text>
      {v.sendError && (
        <Alert color="red" title={t(MESSAGES.notSent)}>
          {v.sendError}
        </Alert>
      )}
      {v.sent ? (
        <>
          <Text size="sm" role="status">
            {t(PHONE_MESSAGES.codeSent)}
          </Text>
          <PhoneCodeEntry
            code={v.code}
            onCodeChange={v.changeCode}
            error={v.codeError}
            description={t(MESSAGES.sentTo, {
              phone: v.sent.phone_number_display,
              minutes: PHONE_CODE_MINUTES,
            })}
            verifying={v.verifying}
            onVerify={v.verify}
          >
            <Button variant="subtle" loading={v.sending} disabled={v.verifying} onClick={v.send}>
              {t(MESSAGES.sendNew)}
            </Button>
          </PhoneCodeEntry>
        </>
      ) : (
        <div>
          <Button variant="light" loading={v.sending} onClick={v.send}>
            {t(MESSAGES.textMe)}
          </Button>
          <Text size="xs" c="dimmed" mt={4}>
            {t(MESSAGES.willText, { length: PHONE_CODE_LENGTH, phone: number })}
          </Text>
        </div>
      )}
    </Stack>
  );
}
