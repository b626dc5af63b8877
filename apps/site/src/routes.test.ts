import { describe, expect, it } from 'vitest';
import { isSitePath, matchRoute, showsFooter } from './routes';

describe('matchRoute', () => {
  it('matches the site routes of spec section 2', () => {
    expect(matchRoute('/')).toEqual({ name: 'landing' });
    expect(matchRoute('/pricing')).toEqual({ name: 'pricing' });
    expect(matchRoute('/pricing/')).toEqual({ name: 'pricing' });
    expect(matchRoute('/privacy-policy')).toEqual({ name: 'privacy-policy' });
    expect(matchRoute('/terms-of-service')).toEqual({ name: 'terms-of-service' });
    expect(matchRoute('/documentation')).toEqual({ name: 'documentation', docPath: '' });
    expect(matchRoute('/documentation/tutorials/overview')).toEqual({ name: 'documentation', docPath: 'tutorials/overview' });
  });

  it('sends anything else to the 404 page with its path', () => {
    expect(matchRoute('/nope/really')).toEqual({ name: 'not-found', path: '/nope/really' });
    expect(matchRoute('/documentationx')).toEqual({ name: 'not-found', path: '/documentationx' });
    expect(isSitePath('/dashboard')).toBe(false);
    expect(isSitePath('/documentation/projector')).toBe(true);
  });

  it('hides the footer on landing and documentation only', () => {
    expect(showsFooter(matchRoute('/'))).toBe(false);
    expect(showsFooter(matchRoute('/documentation/shortcuts'))).toBe(false);
    expect(showsFooter(matchRoute('/pricing'))).toBe(true);
    expect(showsFooter(matchRoute('/missing'))).toBe(true);
  });
});
