import { deleteAccountBodySchema, errorResponseSchema, ROUTES } from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keepAnswersPrivate, MEMBER_ERRORS } from '../../plugins/member-routes';
import { signedInId } from '../../plugins/session';
import type { AccountService } from './service';

const tags = ['account'];

/** The member's data to take away, and the deletion of their account. */
export const accountDataRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (
  app,
  { account },
) => {
  keepAnswersPrivate(app);

  app.route({
    method: ROUTES.exportData.method,
    url: ROUTES.exportData.path,
    schema: {
      tags,
      operationId: 'exportData',
      summary:
        'Everything of the member as a ZIP: releasebell.json (profile, watchlist, follows, services, channels without secrets, what was sent, imports), watchlist.csv and calendar.ics',
      response: {
        200: {
          description: 'The ZIP, as an attachment named releasebell-export-YYYY-MM-DD.zip',
          content: { 'application/zip': { schema: z.any() } },
        },
        401: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      const { fileName, zip } = await account.export(await signedInId(req));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(zip));
    },
  });

  app.route({
    method: ROUTES.deleteAccount.method,
    url: ROUTES.deleteAccount.path,
    schema: {
      tags,
      operationId: 'deleteAccount',
      summary:
        'Deletes the account and everything of it: with the password, or (Google members) the email as `confirm` within 10 minutes of signing in',
      body: deleteAccountBodySchema,
      response: { 204: z.null().describe('Deleted'), ...MEMBER_ERRORS, 429: errorResponseSchema },
    },
    handler: async (req, reply) => {
      await account.delete(await signedInId(req), req.body, await req.sessionStartedAt());
      return reply.status(204).send(null);
    },
  });
};
