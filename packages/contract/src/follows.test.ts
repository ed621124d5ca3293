import { describe, expect, it } from 'vitest';
import { createFollowBodySchema } from './follows';

describe('a follow request', () => {
  it('takes the refs a title page names, with or without roles', () => {
    for (const ref of [
      'tmdb:tv:1399',
      'tmdb:person:525',
      'isbndb:author:orla-penhallow',
      'demo:series:ashgrove-academy',
      'demo:person:priya-halvorsen',
      'demo:author:orla-penhallow',
      'isbndb:author:村上-春樹',
      'isbndb:author:amelie-nothomb',
    ])
      expect(createFollowBodySchema.safeParse({ ref }).success, ref).toBe(true);
    expect(createFollowBodySchema.parse({ ref: 'tmdb:person:525', roles: ['directing', 'acting'] })).toEqual({
      ref: 'tmdb:person:525',
      roles: ['directing', 'acting'],
    });
  });

  it('names the field it refuses', () => {
    const refused = (body: unknown) => createFollowBodySchema.safeParse(body).error?.issues[0];
    for (const ref of [
      'tmdb:movie:603',
      'tmdb:tv:0',
      'tmdb:tv:12a',
      'isbndb:author:Orla',
      'isbndb:author:orla--penhallow',
      'isbndb:author:',
      'tmdb:tv:1399 ',
      42,
    ])
      expect(refused({ ref }), String(ref)).toMatchObject({
        path: ['ref'],
        message: 'must be a ref such as tmdb:tv:1399',
      });
    expect(refused({ ref: 'tmdb:person:525', roles: ['producing'] })).toMatchObject({
      path: ['roles', 0],
      message: 'must be one of directing, writing, creating, acting',
    });
    expect(refused({ ref: 'tmdb:person:525', roles: [] })?.path).toEqual(['roles']);
    expect(refused({ ref: 'tmdb:tv:1399', extra: 1 })?.code).toBe('unrecognized_keys');
  });
});
