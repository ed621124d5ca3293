import type { ContentRequestBody } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Asks for a title the catalog does not have yet. */
function createRequest(body: ContentRequestBody): Promise<unknown> {
  return api.post<unknown>(pathTo(ROUTES.requestTitle), body);
}

export function useCreateRequest() {
  return useMutation({ mutationFn: createRequest });
}
