import { z } from 'zod';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';

/** What a member can follow (ADR 014): a TV series, a person (director, creator, writer, actor), an author. */
export const FOLLOW_KINDS = ['series', 'person', 'author'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** A person's credits that bring their titles; acting only when the member asks for it. */
export const FOLLOW_ROLES = ['directing', 'writing', 'creating', 'acting'] as const;
export type FollowRole = (typeof FOLLOW_ROLES)[number];
export const DEFAULT_FOLLOW_ROLES: readonly FollowRole[] = ['directing', 'writing', 'creating'];

/** How a title is credited to a ref: a season to its series, a book to its author, a person's roles. */
export const CREDIT_ROLES = ['series', 'author', ...FOLLOW_ROLES] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];

/**
 * A followable thing's ref: stable, opaque to clients. `tmdb:tv:1399`, `tmdb:person:525`,
 * `isbndb:author:orla-penhallow`, and for the demo catalog `demo:series:…`, `demo:person:…`,
 * `demo:author:…`. Names are slugs as titles' are (lower case; scripts other than Latin kept).
 */
export const FOLLOW_REF =
  /^(tmdb:(tv|person):[1-9]\d{0,9}|(isbndb:author|demo:(series|person|author)):[\p{Ll}\p{Lo}\p{M}\p{N}]+(-[\p{Ll}\p{Lo}\p{M}\p{N}]+)*)$/u;

/** What a ref names, from its form (`tmdb:tv:…` and `demo:series:…` are series, and so on). */
export function followKindOf(ref: string): FollowKind {
  if (/^(tmdb:tv|demo:series):/.test(ref)) return 'series';
  if (/^(tmdb:person|demo:person):/.test(ref)) return 'person';
  return 'author';
}

/** The credits of a title its page offers to follow: a season's series and creators, a movie's directors, a book's authors. */
export const FOLLOW_OFFERED_ROLES: readonly CreditRole[] = ['series', 'creating', 'directing', 'author'];

export const followRefSchema = z
  .string({ error: () => say(V.followRef) })
  .max(200, { error: () => say(V.followRef) })
  .regex(FOLLOW_REF, { error: () => say(V.followRef) })
  .meta({ description: 'What to follow, as a title page names it', examples: ['tmdb:tv:1399'] });

/** What a title lets you follow (its page's `follow` list). */
export const followOptionSchema = z
  .object({ kind: z.enum(FOLLOW_KINDS), ref: z.string(), name: z.string() })
  .meta({ id: 'FollowOption' });
export type FollowOption = z.infer<typeof followOptionSchema>;

export const createFollowBodySchema = z
  .strictObject({
    ref: followRefSchema,
    roles: z
      .array(z.enum(FOLLOW_ROLES, { error: () => say(V.oneOfThese, { values: FOLLOW_ROLES.join(', ') }) }))
      .min(1, { error: () => say(V.followRoles) })
      .max(FOLLOW_ROLES.length)
      .optional()
      .meta({ description: "A person's credits to follow; by default directing, writing and creating" }),
  })
  .meta({ id: 'CreateFollow' });
export type CreateFollowBody = z.infer<typeof createFollowBodySchema>;

export const followSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(FOLLOW_KINDS),
    ref: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    created_at: z.string().meta({ description: 'ISO time the member began following' }),
  })
  .meta({ id: 'Follow' });
export type Follow = z.infer<typeof followSchema>;

export const createFollowAnswerSchema = followSchema
  .extend({ added: z.int().min(0).meta({ description: 'Titles put on the watchlist now' }) })
  .meta({ id: 'CreatedFollow' });

export const followsAnswerSchema = z
  .object({
    follows: z.array(
      followSchema.extend({ upcoming: z.int().min(0).meta({ description: 'Its titles still to come' }) }),
    ),
  })
  .meta({ id: 'Follows' });
export type FollowsAnswer = z.infer<typeof followsAnswerSchema>;

export const followParamsSchema = z.object({ id: z.uuid({ error: () => say(V.followId) }) });

/** On a watchlist entry: the follow that added it. */
export const followedViaSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();
