/** Whether an Accept-Encoding header takes gzip (not refused with q=0). */
export const acceptsGzip = (header: string | undefined) =>
  !!header && /\bgzip\b(?!;\s*q=0(\.0+)?\b)/.test(header);
