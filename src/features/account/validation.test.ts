import { describe, expect, test } from 'vitest';
import { signUpProblem } from './validation.ts';

describe('signUpProblem', () => {
  test("passwords must match: 'Passwords do not match'", () => {
    expect(signUpProblem({ email: 'a@b.c', password: 'longenough', confirmPassword: 'different1' })).toBe('Passwords do not match');
  });
  test("a password needs 8 characters: 'Password must be at least 8 characters long'", () => {
    expect(signUpProblem({ email: 'a@b.c', password: 'short', confirmPassword: 'short' })).toBe('Password must be at least 8 characters long');
  });
  test('mismatch is reported before length', () => {
    expect(signUpProblem({ email: 'a@b.c', password: 'a', confirmPassword: 'b' })).toBe('Passwords do not match');
  });
  test("spaces alone are no password: 'Password cannot be only spaces'; spaces within one are fine", () => {
    expect(signUpProblem({ email: 'a@b.c', password: '        ', confirmPassword: '        ' })).toBe('Password cannot be only spaces');
    expect(signUpProblem({ email: 'a@b.c', password: ' pass word ', confirmPassword: ' pass word ' })).toBeNull();
  });
  test('eight matching characters pass', () => {
    expect(signUpProblem({ email: 'a@b.c', password: '12345678', confirmPassword: '12345678' })).toBeNull();
  });
});
