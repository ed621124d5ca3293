import type { ContentRequest, ContentRequestInput } from '@releasebell/contract';
import type { ContentRequestRow } from '../../db/schema';
import { type Clock, systemClock } from '../../lib/clock';
import type { RequestsRepository } from './repository';

function toContentRequest(row: ContentRequestRow): ContentRequest {
  return {
    id: row.id,
    mediaType: row.mediaType,
    title: row.title,
    extraInfo: row.extraInfo,
    userId: row.userId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createRequestsService(
  repo: RequestsRepository,
  clock: Clock = systemClock,
  /** Called with each new request's id (the resolution job's first look, in the background). */
  afterCreate: (id: string) => void = () => {},
) {
  return {
    /** `sessionUserId` is who is signed in (null for visitors); the body's userId is never trusted. */
    async create(input: ContentRequestInput, sessionUserId: string | null): Promise<ContentRequest> {
      const row = await repo.create({
        mediaType: input.mediaType,
        title: input.title,
        extraInfo: input.extraInfo,
        userId: sessionUserId,
        clientCreatedAt: input.createdAt ? new Date(input.createdAt) : null,
        createdAt: clock(),
      });
      afterCreate(row.id);
      return toContentRequest(row);
    },
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;
