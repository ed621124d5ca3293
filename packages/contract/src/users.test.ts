import { describe, expect, it } from 'vitest';
import { passwordProblem } from './constants';
import { passwordSchema, registerBodySchema, updateProfileBodySchema } from './users';

describe('password rules', () => {
  it('give the spec messages, length first', () => {
    expect(passwordProblem('')).toBe('Password must be at least 8 characters');
    expect(passwordProblem('abc1')).toBe('Password must be at least 8 characters');
    expect(passwordProblem('abcdefgh')).toBe('Password must include a number');
    expect(passwordProblem('abcdefg1')).toBeNull();
    expect(passwordProblem(`${'a'.repeat(128)}1`)).toBe('Password must be at most 128 characters');
  });

  it('are the same in the schema the server uses', () => {
    for (const pw of ['', 'abc1', 'abcdefgh', 'abcdefg1', '12345678', 'pass word 9']) {
      const parsed = passwordSchema.safeParse(pw);
      expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(passwordProblem(pw));
    }
  });
});

describe('profile bodies', () => {
  it('default the registration to email notifications', () => {
    const parsed = registerBodySchema.parse({ email: 'a@example.com', firebase_id: 'u1' });
    expect(parsed.notification_preferences).toEqual(['email']);
    expect(parsed.phone_number).toBeNull();
  });

  it('refuse mobile without a phone number, with the spec message', () => {
    const result = updateProfileBodySchema.safeParse({
      first_name: 'A',
      last_name: 'B',
      phone_number: '  ',
      notification_preferences: ['email', 'mobile'],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(
      'A phone number is required for mobile notifications.',
    );
  });

  it('accept mobile with a phone number', () => {
    expect(
      updateProfileBodySchema.safeParse({
        first_name: 'A',
        last_name: 'B',
        phone_number: '+44 20 7946 0958',
        notification_preferences: ['email', 'mobile'],
      }).success,
    ).toBe(true);
  });
});
