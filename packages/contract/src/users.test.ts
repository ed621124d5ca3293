import { describe, expect, it } from 'vitest';
import { englishOf, NOTIFICATION_MESSAGES, passwordProblem, phoneFormatProblem } from './constants';
import { passwordSchema, registerBodySchema, updateProfileBodySchema } from './users';

/** The rule's message as US English, or null. */
const english = (password: string) => {
  const problem = passwordProblem(password);
  return problem && englishOf(problem);
};

describe('password rules', () => {
  it('give the spec messages, length first', () => {
    expect(english('')).toBe('Password must be at least 8 characters');
    expect(english('abc1')).toBe('Password must be at least 8 characters');
    expect(english('abcdefgh')).toBe('Password must include a number');
    expect(english('abcdefg1')).toBeNull();
    expect(english(`${'a'.repeat(128)}1`)).toBe('Password must be at most 128 characters');
  });

  it('are the same in the schema the server uses', () => {
    for (const pw of ['', 'abc1', 'abcdefgh', 'abcdefg1', '12345678', 'pass word 9']) {
      const parsed = passwordSchema.safeParse(pw);
      expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(english(pw));
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

describe('phoneFormatProblem', () => {
  it('takes blank as no number and numbers with their country code', () => {
    for (const ok of [
      '',
      '  ',
      null,
      undefined,
      '+1 415 555 0132',
      '+44 (20) 7946-0958',
      '0044 20 7946 0958',
    ]) {
      expect(phoneFormatProblem(ok), String(ok)).toBeNull();
    }
  });
  it('asks for the country code, and for 8 to 15 digits', () => {
    for (const bad of [
      '020 7946 0958',
      '4155550132',
      '+1 555',
      '+1234567890123456',
      '+1 415 555 0132 ext 2',
      '00 12',
    ]) {
      expect(phoneFormatProblem(bad), bad).toBe(NOTIFICATION_MESSAGES.badPhone);
    }
  });
});
