import type { ContentRequestBody } from '@releasebell/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Asks for a title the catalog does not have yet. */
function createRequest(body: ContentRequestBody): Promise<unknown> {
  return api.post<unknown>('/api/request', body);
}

export function useCreateRequest() {
  return useMutation({ mutationFn: createRequest });
}
