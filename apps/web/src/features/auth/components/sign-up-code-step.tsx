import { Button, Stack, Text } from '@mantine/core';
import { PHONE_CODE_MINUTES, PHONE_MESSAGES } from '@releasebell/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PhoneCodeEntry } from '../../../components/phone-code-entry';
import { useT } from '../../../lib/i18n';
import {
  confirmErrorMessage,
  confirmPhoneCode,
  phoneCodeProblem,
  sendErrorMessage,
  sendPhoneCode,
} from '../../../lib/phone-verification';
import { profileKey } from '../../../lib/profile';
import { showAuthNotice } from '../auth-feedback';
import type { AuthForm, CodeStep } from '../hooks/use-auth-form';

const MESSAGES = {
  verified: /*i18n*/ { id: 'auth.codeStep.verified', message: 'Number verified' },
  resent: /*i18n*/ { id: 'auth.codeStep.resent', message: 'We texted you a new code.' },
  sentTo: /*i18n*/ {
    id: 'auth.codeStep.sentTo',
    message: 'Sent to {phone}; it works for {minutes, plural, one {# minute} other {# minutes}}.',
  },
  sendAgain: /*i18n*/ { id: 'auth.codeStep.sendAgain', message: 'Send a new code' },
  skip: /*i18n*/ { id: 'auth.codeStep.skip', message: 'Skip for now' },
};

export interface SignUpCodeStepProps {
  form: AuthForm;
  codeStep: CodeStep;
  /** Verified, or skipped: empty the form and close. */
  onDone: () => void;
}

/**
 * Sign-up's step 2 once the account exists and SMS was turned on: the code texted to the number. "Skip
 * for now" closes; the profile can verify the number later.
 */
export function SignUpCodeStep({ form, codeStep, onDone }: SignUpCodeStepProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);

  const verify = async () => {
    const problem = phoneCodeProblem(code);
    if (problem) return setError(problem);
    setError(null);
    form.setBusy(true);
    try {
      await confirmPhoneCode(code);
      void queryClient.invalidateQueries({ queryKey: profileKey(codeStep.user.id) });
      showAuthNotice(t(MESSAGES.verified), t(PHONE_MESSAGES.verified), 'teal');
      onDone();
    } catch (err) {
      console.warn('Verification code not taken', err);
      setError(confirmErrorMessage(err));
    } finally {
      form.setBusy(false);
    }
  };

  const sendAgain = async () => {
    setError(null);
    setResent(false);
    setResending(true);
    try {
      form.setCodeStep({ ...codeStep, sent: await sendPhoneCode() });
      setCode('');
      setResent(true);
    } catch (err) {
      console.warn('Verification code not sent', err);
      setError(sendErrorMessage(err));
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {resent ? t(MESSAGES.resent) : t(PHONE_MESSAGES.codeSent)}
      </Text>
      <PhoneCodeEntry
        code={code}
        onCodeChange={(next) => {
          setCode(next);
          setError(null);
        }}
        error={error}
        description={t(MESSAGES.sentTo, {
          phone: codeStep.sent.phone_number_display,
          minutes: PHONE_CODE_MINUTES,
        })}
        verifying={form.busy}
        onVerify={() => void verify()}
      >
        <Button variant="subtle" loading={resending} disabled={form.busy} onClick={() => void sendAgain()}>
          {t(MESSAGES.sendAgain)}
        </Button>
      </PhoneCodeEntry>
      <Button variant="default" fullWidth disabled={form.busy} onClick={onDone}>
        {t(MESSAGES.skip)}
      </Button>
    </Stack>
  );
}
