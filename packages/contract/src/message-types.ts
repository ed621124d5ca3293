// What a message is before it is rendered: below both the translator and the texts that use it.

/** A message's values: what its ICU placeholders name. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

/**
 * A message marked for extraction (`/*i18n*\/ { id, message }`): its id, its US English (ICU text in
 * the source, compiled by the web build), and optionally the values it is rendered with.
 */
export interface MessageDescriptor {
  id: string;
  /** ICU text; the web build replaces it with its compiled tokens (the translator takes either). */
  message?: string;
  values?: MessageValues;
}
