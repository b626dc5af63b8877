import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from './api-error-message';

describe('apiErrorMessage (spec section 7)', () => {
  it('shows error, else message, else "API Error"', () => {
    expect(apiErrorMessage({ error: 'Invalid canvas dimensions', message: 'Bad Request' })).toBe('Invalid canvas dimensions');
    expect(apiErrorMessage({ message: 'Unauthorized' })).toBe('Unauthorized');
    expect(apiErrorMessage({ error: '', message: 'Sign in first' })).toBe('Sign in first');
    expect(apiErrorMessage({ error: 42 })).toBe('API Error');
    expect(apiErrorMessage('oops')).toBe('API Error');
    expect(apiErrorMessage(null)).toBe('API Error');
  });
});
