import { notifications } from '@mantine/notifications';
import type { UserProfile } from '@releasebell/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useLanguage, useT } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/update-profile';
import { fromProfile, type ProfileFormState, smsNeedsCode, toUpdateBody } from '../profile-form';
import { usePhoneVerification } from './use-phone-verification';

const MESSAGES = {
  saved: /*i18n*/ { id: 'profile.useProfileForm.saved', message: 'Profile updated' },
  savedDetail: /*i18n*/ { id: 'profile.useProfileForm.savedDetail', message: 'Your changes are saved.' },
  saveFailed: /*i18n*/ {
    id: 'profile.useProfileForm.saveFailed',
    message: 'Your changes could not be saved. Please try again.',
  },
  resumed: /*i18n*/ { id: 'profile.useProfileForm.resumed', message: 'Release emails resumed' },
  resumedDetail: /*i18n*/ {
    id: 'profile.useProfileForm.resumedDetail',
    message: "We'll email you again when your titles are out.",
  },
  stillPaused: /*i18n*/ {
    id: 'profile.useProfileForm.stillPaused',
    message: 'Release emails are still paused',
  },
  tryAgain: /*i18n*/ { id: 'profile.useProfileForm.tryAgain', message: 'Please try again.' },
};

/**
 * The profile's view and edit modes: Edit Profile fills the form from the saved profile, Save sends it
 * and returns to view, Cancel discards it and reloads. Errors from the server show under their field.
 * A save that turns texts on for a number not yet verified texts a code to it straight away.
 */
export function useProfileForm(uid: string, saved: UserProfile | undefined, reload: () => unknown) {
  const update = useUpdateProfile(uid);
  const verification = usePhoneVerification(uid, saved);
  const [form, setForm] = useState<ProfileFormState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [resuming, setResuming] = useState(false);
  const t = useT();
  const { setLanguage } = useLanguage();

  const save = (next: ProfileFormState, after?: () => void) => {
    setErrors({});
    const before = saved;
    update.mutate(toUpdateBody(next), {
      onSuccess: (profile) => {
        if (smsNeedsCode(before, profile)) verification.askFor(profile);
        // The page follows the member's language at once (and the next pages, through its cookie).
        if (profile.locale !== before?.locale) void setLanguage(profile.locale);
        notifications.show({
          title: t(MESSAGES.saved),
          message: t(MESSAGES.savedDetail),
          color: 'teal',
          autoClose: 3000,
        });
        after?.();
      },
      onError: (error) => {
        console.warn('Profile update failed', error);
        if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
          // The server names the field; show the message under it.
          const details = error.details;
          setErrors(Object.fromEntries(details.map((d) => [d.field.split('.')[0] ?? d.field, d.message])));
          if (details.length === 0) setErrors({ form: error.message });
        } else {
          setErrors({ form: t(MESSAGES.saveFailed) });
        }
      },
    });
  };

  const editing = form !== null;
  // SMS needs a phone: the one being typed while editing, the saved one otherwise.
  const phone = form ? form.phone_number.trim() : (saved?.phone_number_display ?? saved?.phone_number ?? '');
  const smsOn = form ? form.sms : (saved?.notification_preferences.includes('mobile') ?? false);

  return {
    form,
    errors,
    editing,
    /** Verifying the saved number by a texted code. */
    verification,
    saving: update.isPending,
    /** The phone SMS would go to ('' for none). */
    phone,
    smsOn,
    edit() {
      if (saved) setForm(fromProfile(saved));
    },
    resuming,
    /** The saved profile as it is, with release emails on again (the unsubscribe link paused them). */
    resumeEmails() {
      if (!saved) return;
      setResuming(true);
      update.mutate(
        { ...toUpdateBody(fromProfile(saved)), email_paused: false },
        {
          onSuccess: () =>
            notifications.show({
              title: t(MESSAGES.resumed),
              message: t(MESSAGES.resumedDetail),
              color: 'teal',
              autoClose: 3000,
            }),
          onError: (error) => {
            console.warn('Resuming release emails failed', error);
            notifications.show({
              title: t(MESSAGES.stillPaused),
              message: error instanceof ApiError ? error.message : t(MESSAGES.tryAgain),
              color: 'red',
              autoClose: 5000,
            });
          },
          onSettled: () => setResuming(false),
        },
      );
    },
    change(patch: Partial<Omit<ProfileFormState, 'phone_number' | 'sms'>>) {
      if (form) setForm({ ...form, ...patch });
    },
    changePhone(value: string) {
      if (!form) return;
      // Emptying the phone switches SMS off by itself.
      setForm({ ...form, phone_number: value, sms: value.trim() === '' ? false : form.sms });
    },
    /** While editing, part of the form; in view mode it saves straight away. */
    toggleSms(checked: boolean) {
      if (form) setForm({ ...form, sms: checked });
      else if (saved) save({ ...fromProfile(saved), sms: checked });
    },
    submit(event: FormEvent) {
      event.preventDefault();
      if (form) save(form, () => setForm(null));
    },
    cancel() {
      setForm(null);
      setErrors({});
      void reload();
    },
  };
}

export type ProfileForm = ReturnType<typeof useProfileForm>;
