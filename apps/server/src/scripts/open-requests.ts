import type { MediaType } from '@releasebell/contract';
import { MEDIA_TYPE_SINGULAR } from '@releasebell/contract/constants';
import { translate } from '../infra/i18n';

/** One request per block: when, what, the extra info, who asked. */
export function formatOpenRequests(
  rows: {
    createdAt: Date;
    mediaType: MediaType;
    title: string;
    extraInfo: string;
    email: string | null;
  }[],
): string {
  if (rows.length === 0) return 'No open requests.';
  const blocks = rows.map((r) => {
    const lines = [
      `${r.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC  ${translate('en-US', MEDIA_TYPE_SINGULAR[r.mediaType])}: ${r.title}`,
    ];
    if (r.extraInfo.trim()) lines.push(`  ${r.extraInfo.trim().replace(/\s+/g, ' ')}`);
    lines.push(`  asked by ${r.email ?? 'a visitor (not signed in)'}`);
    return lines.join('\n');
  });
  return `${rows.length} open request${rows.length === 1 ? '' : 's'}:\n\n${blocks.join('\n\n')}`;
}
