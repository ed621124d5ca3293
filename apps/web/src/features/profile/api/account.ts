import type { DeleteAccountBody } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/export, saved as the file the server names (`releasebell-export-YYYY-MM-DD.zip`). */
export async function downloadMyData(): Promise<void> {
  const { blob, fileName } = await api.download(pathTo(ROUTES.exportData));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'releasebell-export.zip';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** DELETE /api/account: with the password, or a Google member's email as `confirm`. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api.delete<null>(pathTo(ROUTES.deleteAccount), body),
  });
}
