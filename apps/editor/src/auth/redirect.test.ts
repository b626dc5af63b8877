import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_SIGN_IN, safeReturnPath, signInRedirectPath } from './redirect';

describe('protected-route redirect', () => {
  it('sends /dashboard to /sign-in?redirect_url=%2Fdashboard', () => {
    expect(signInRedirectPath({ pathname: '/dashboard' })).toBe('/sign-in?redirect_url=%2Fdashboard');
  });

  it('keeps the full target path with its query and hash', () => {
    expect(signInRedirectPath({ pathname: '/editor/proj_1', search: '?scene=a', hash: '#x' })).toBe('/sign-in?redirect_url=%2Feditor%2Fproj_1%3Fscene%3Da%23x');
  });

  it('returns only to same-origin paths', () => {
    expect(safeReturnPath('/editor/proj_1?x=1')).toBe('/editor/proj_1?x=1');
    expect(safeReturnPath('https://evil.example/')).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeReturnPath('//evil.example/')).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeReturnPath(undefined)).toBe(DEFAULT_AFTER_SIGN_IN);
  });
});
