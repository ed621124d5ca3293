import type { AppliedImport, ApplyImportBody, Import, ImportCreated } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { followsKey } from '../../../lib/follows';
import { translateNow } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { watchlistKey } from '../../../lib/watchlist';
import { TOO_LARGE_MESSAGE } from '../import-rules';

const MESSAGES = {
  tooMany: /*i18n*/ {
    id: 'imports.api.tooMany',
    message: 'You have sent several files in a short time. Please wait a minute and try again.',
  },
  sessionEnded: /*i18n*/ {
    id: 'imports.api.sessionEnded',
    message: 'Your session has ended. Please sign in again.',
  },
  sendFailed: /*i18n*/ {
    id: 'imports.api.sendFailed',
    message: 'The file could not be sent. Please check your connection and try again.',
  },
  importedTitle: /*i18n*/ { id: 'imports.api.importedTitle', message: 'Your list is imported' },
  added: /*i18n*/ {
    id: 'imports.api.added',
    message: '{count, plural, one {# title is} other {# titles are}} now on your watchlist.',
  },
  nothingAdded: /*i18n*/ {
    id: 'imports.api.nothingAdded',
    message: 'Nothing new was added to your watchlist.',
  },
};

/** How often an import is asked after while it is matching. */
export const POLL_MS = 1000;

export const importKey = (uid: string, id: string) => ['imports', uid, id] as const;

/** POST /api/imports: the file as multipart/form-data, in the field `file`. */
export function uploadImport(file: File): Promise<ImportCreated> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<ImportCreated>(pathTo(ROUTES.createImport), form);
}

/** Why an upload failed, in words for the member: the server's own for a file it refused. */
export function uploadProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return translateNow(TOO_LARGE_MESSAGE);
    if (error.status === 429) return translateNow(MESSAGES.tooMany);
    if (error.status === 401) return translateNow(MESSAGES.sessionEnded);
    // The server's own words for a file it refused.
    if (error.status === 400) return error.details[0]?.message ?? error.message;
  }
  return translateNow(MESSAGES.sendFailed);
}

/**
 * Uploads a file; the import's first state (matching, nothing matched yet) is cached at once, so
 * the progress shows before the first poll answers.
 */
export function useUploadImport() {
  const queryClient = useQueryClient();
  const { currentUser } = useSession();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (created) => {
      const seed: Import = {
        ...created,
        progress: 0,
        matched: 0,
        ambiguous: 0,
        unmatched: 0,
        already_tracked: 0,
        entries: [],
        suggested_follows: [],
      };
      queryClient.setQueryData(importKey(currentUser?.id ?? '', created.id), seed);
    },
  });
}

/** An import, asked again every second while it is matching. */
export function useImport(id: string) {
  const { currentUser } = useSession();
  const uid = currentUser?.id ?? '';
  return useQuery({
    queryKey: importKey(uid, id),
    queryFn: ({ signal }) => api.get<Import>(pathTo(ROUTES.getImport, { id }), signal),
    enabled: uid !== '' && id !== '',
    refetchInterval: (query) => (query.state.data?.status === 'matching' ? POLL_MS : false),
  });
}

/** Adds the chosen titles and follows the ticked suggestions; the watchlist and follows are read again. */
export function useApplyImport(id: string) {
  const queryClient = useQueryClient();
  const { currentUser } = useSession();
  return useMutation({
    mutationFn: (body: ApplyImportBody) => api.post<AppliedImport>(pathTo(ROUTES.applyImport, { id }), body),
    onSuccess: async (applied) => {
      const uid = currentUser?.id ?? '';
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: watchlistKey(uid) }),
        queryClient.invalidateQueries({ queryKey: followsKey(uid) }),
      ]);
      void showToast({
        title: translateNow(MESSAGES.importedTitle),
        message:
          applied.added > 0
            ? translateNow(MESSAGES.added, { count: applied.added })
            : translateNow(MESSAGES.nothingAdded),
        color: 'teal',
        autoClose: 4000,
      });
    },
    onError: (error) => console.warn(new Error('Failed to apply an import', { cause: error })),
  });
}
