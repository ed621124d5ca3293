import type { PhoneCodeSent, UserProfile } from '@releasebell/contract';
import { useState } from 'react';
import { confirmErrorMessage, phoneCodeProblem, sendErrorMessage } from '../../../lib/phone-verification';
import { useConfirmPhoneCode } from '../api/confirm-phone-code';
import { useRequestPhoneCode } from '../api/request-phone-code';

/** A code that went to `number` (E.164), still working. */
interface SentCode extends PhoneCodeSent {
  number: string;
}

/**
 * Verifying the profile's mobile number: "Text me a code", the code field, Verify, "Send a new code".
 * A code belongs to the number it went to: once the saved number changes, its field is gone.
 */
export function usePhoneVerification(uid: string, saved: UserProfile | undefined) {
  const request = useRequestPhoneCode(uid);
  const confirm = useConfirmPhoneCode(uid);
  const [sent, setSent] = useState<SentCode | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  /** The number verified on this page just now (its success message shows until the number changes). */
  const [verifiedNumber, setVerifiedNumber] = useState<string | null>(null);

  const number = saved?.phone_number ?? null;
  const current = sent && sent.number === number ? sent : null;

  const send = (forNumber = number) => {
    if (!forNumber) return;
    setSendError(null);
    setCodeError(null);
    request.mutate(undefined, {
      onSuccess: (answer) => {
        setSent({ ...answer, number: forNumber });
        setCode('');
      },
      onError: (error) => {
        console.warn('Verification code not sent', error);
        setSendError(sendErrorMessage(error));
      },
    });
  };

  return {
    /** The code sent to the saved number, while there is one: the field shows. */
    sent: current,
    code,
    codeError,
    sendError,
    sending: request.isPending,
    verifying: confirm.isPending,
    justVerified: verifiedNumber !== null && verifiedNumber === number && !!saved?.phone_verified,
    /** "Text me a code" / "Send a new code". */
    send: () => send(),
    /**
     * After a save that asks for texts to an unverified number: sends a code unless one sent to that
     * number still works (switching SMS off and on again does not spend another).
     */
    askFor(profile: UserProfile) {
      if (!profile.phone_number) return;
      const working = sent?.number === profile.phone_number && Date.parse(sent.expires_at) > Date.now();
      if (!working) send(profile.phone_number);
    },
    changeCode(next: string) {
      setCode(next);
      setCodeError(null);
    },
    verify() {
      const problem = phoneCodeProblem(code);
      if (problem) return setCodeError(problem);
      const forNumber = number;
      confirm.mutate(code, {
        onSuccess: () => {
          setVerifiedNumber(forNumber);
          setSent(null);
          setCode('');
        },
        onError: (error) => {
          console.warn('Verification code not taken', error);
          setCodeError(confirmErrorMessage(error));
        },
      });
    },
  };
}

export type PhoneVerification = ReturnType<typeof usePhoneVerification>;
