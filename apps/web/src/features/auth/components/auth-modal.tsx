import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { type AuthMode, type CurrentUser, useSession } from '../../../lib/session';
import { useAuthForm } from '../hooks/use-auth-form';
import classes from './auth-modal.module.css';
import { ResetRequestForm } from './reset-request-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

const MESSAGES = {
  signIn: /*i18n*/ { id: 'auth.modal.signIn', message: 'Sign In' },
  signUp: /*i18n*/ { id: 'auth.modal.signUp', message: 'Sign Up' },
  reset: /*i18n*/ { id: 'auth.modal.reset', message: 'Reset Password' },
  back: /*i18n*/ { id: 'auth.modal.back', message: 'Back' },
  step: /*i18n*/ { id: 'auth.modal.step', message: 'Step {step} of {total}' },
  close: /*i18n*/ { id: 'auth.modal.close', message: 'Close' },
};

/** Each mode's title. */
const TITLES: Record<AuthMode, (typeof MESSAGES)[AuthMode]> = {
  signIn: MESSAGES.signIn,
  signUp: MESSAGES.signUp,
  reset: MESSAGES.reset,
};

/** Sign In, Sign Up (two steps) and Reset Password, with Google when it is configured. */
export default function AuthModal() {
  const t = useT();
  const { isModalOpen, closeModal, modalMode } = useSession();
  const [mode, setMode] = useState<AuthMode>(modalMode);
  const [step, setStep] = useState(1);
  const form = useAuthForm();

  useEffect(() => {
    if (isModalOpen) setMode(modalMode);
  }, [isModalOpen, modalMode]);

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setStep(1);
    form.setFieldError(null);
  };

  /**
   * Signed in to an account whose sign-up never reached step 2 (no profile): sign-up goes on from
   * there, signed in, the step registering the profile.
   */
  const finishSignUp = (user: CurrentUser) => {
    form.setAccount(user);
    form.setFieldError(null);
    setMode('signUp');
    setStep(2);
  };

  /** Closing, or finishing, empties the form. */
  const close = () => {
    setStep(1);
    form.clear();
    closeModal();
  };

  const totalSteps = mode === 'signUp' ? 2 : 1;

  return (
    <Modal.Root opened={isModalOpen} onClose={close} centered size="sm">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Group gap="xs" wrap="nowrap">
            {/* Once the account exists (finishing it, or the code step) there is no going back to step 1. */}
            {step > 1 && !form.account && !form.codeStep && (
              <ActionIcon variant="subtle" aria-label={t(MESSAGES.back)} onClick={() => setStep(step - 1)}>
                <IconArrowLeft size={18} aria-hidden />
              </ActionIcon>
            )}
            <Modal.Title className={classes.title}>{t(TITLES[mode])}</Modal.Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t(MESSAGES.step, { step, total: totalSteps })}
            </Text>
            <Modal.CloseButton aria-label={t(MESSAGES.close)} />
          </Group>
        </Modal.Header>
        <Modal.Body>
          {mode === 'signIn' ? (
            <SignInForm form={form} onDone={close} onUnregistered={finishSignUp} onSwitch={switchMode} />
          ) : mode === 'signUp' ? (
            <SignUpForm form={form} step={step} onStep={setStep} onDone={close} onSwitch={switchMode} />
          ) : (
            <ResetRequestForm form={form} onDone={close} onSwitch={switchMode} />
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
