import type { OfferType } from '@releasebell/contract';
import type { DeliveryChannel, DeliveryRow } from '../../../db/schema';
import type { ItemNow, Recipient } from '../delivery-queue';

/** One delivery with its title as it is now. */
export interface Notice {
  delivery: DeliveryRow;
  item: ItemNow;
}

/** What goes out as one message: a member's due notices on one channel (a digest when several). */
export interface OutgoingMessage {
  /** Stable across resends of the same batch (a Message-ID derives from it). */
  batchId: string;
  recipient: Recipient;
  /** The device or channel of the member's it goes to (push, Discord, ntfy, webhook); '' for the rest. */
  targetId: string;
  notices: Notice[];
}

/**
 * A way of telling members: whether this member can get it at all, and the send. A send throws a
 * DeliveryError saying whether a retry can help.
 */
export interface Channel {
  readonly name: Exclude<DeliveryChannel, 'in_app'>;
  /** Each notice a message of its own (a webhook's body is one event), not a digest of the batch. */
  readonly perNotice?: boolean;
  /** Null when the member can get it; otherwise why not (the deliveries are then cancelled). */
  unavailable(recipient: Recipient): string | null;
  /**
   * Reads the devices or channels a claim's messages go to in one query, before they are sent (one
   * query per message would cost the embedded database more than the sends).
   */
  prepare?(targetIds: string[]): Promise<void>;
  send(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
  /**
   * The profile's "Send me a test notification", and how its answer names the channel; channels the
   * member adds one by one have a test button each instead. The send answers false when there was
   * nowhere to send it (push with no device left), so the answer does not claim it went out.
   */
  test?: { as: 'email' | 'mobile' | 'push'; send(recipient: Recipient): Promise<boolean> };
}

/** The absolute address of a title's page or poster. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

/**
 * The targets (devices, chat channels) a claim's messages go to, read in one query by `prepare`; a send
 * whose target was not prepared, or was forgotten since (it changed), reads its own.
 */
export function preparedRecipients<T>(
  loadMany: (ids: string[]) => Promise<Map<string, T>>,
  loadOne: (id: string) => Promise<T | null>,
) {
  let ready = new Map<string, T | null>();
  return {
    async prepare(ids: string[]) {
      const found = await loadMany(ids);
      ready = new Map(ids.map((id) => [id, found.get(id) ?? null]));
    },
    take(id: string): Promise<T | null> {
      return ready.has(id) ? Promise.resolve(ready.get(id) ?? null) : loadOne(id);
    },
    forget(id: string) {
      ready.delete(id);
    },
  };
}

/** For an `available` notice: the member's service it is on now, and how; else null. */
export function deliveryOffer(
  delivery: DeliveryRow,
): { providerId: number; provider: string; type: OfferType } | null {
  if (delivery.kind !== 'available' || delivery.providerId === null || !delivery.offerType) return null;
  return { providerId: delivery.providerId, provider: delivery.viaName ?? '', type: delivery.offerType };
}
