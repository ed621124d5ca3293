/**
 * Who can get each channel, written once: the planner asks before it makes a member's delivery rows,
 * and each channel asks again before it sends (the member may have changed their mind since).
 * Null when they can; otherwise why not.
 */
export interface Reachability {
  emailPaused: boolean;
  smsOptedOut: boolean;
  preferences: readonly string[];
  phoneNumber: string | null;
  phoneVerified: boolean;
}

export const emailUnavailable = (r: Reachability): string | null =>
  r.emailPaused ? 'release emails are paused' : null;

export function smsUnavailable(r: Reachability): string | null {
  if (r.smsOptedOut) return 'the member replied STOP';
  if (!r.preferences.includes('mobile')) return 'mobile notifications are off';
  if (!r.phoneNumber) return 'no phone number';
  if (!r.phoneVerified) return 'the number is not verified';
  return null;
}

export const pushUnavailable = (r: Pick<Reachability, 'preferences'>): string | null =>
  r.preferences.includes('push') ? null : 'push notifications are off';
