/**
 * How a channel reports a send that did not go through. `transient` is retried with backoff (SMTP 4xx,
 * refused or dropped connections, timeouts, Twilio 429/5xx); `permanent` stops at once with the reason
 * recorded (SMTP 5xx for the recipient, an invalid number). `code` names the cause for the record and
 * for rules that act on it (e.g. `unsubscribed`: the member texted STOP).
 */
export class DeliveryError extends Error {
  constructor(
    /** `deferred`: not tried, a cap on texts is reached; sent after `retryAfterSeconds`, as no attempt. */
    readonly kind: 'transient' | 'permanent' | 'deferred',
    readonly code: string,
    message: string,
    /** Seconds the provider asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
    /**
     * The raw cause (an errno, a TLS alert, an address), for the server log only: the message is what
     * the delivery record and the member see.
     */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
