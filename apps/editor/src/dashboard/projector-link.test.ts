import { describe, expect, it } from 'vitest';
import { copyLinkDisabledReason, projectorLink, publishDisabledReason } from './projector-link';

describe('projector link', () => {
  it('is the absolute /projector/{id} address', () => {
    expect(projectorLink('http://localhost:3000', 'proj_1_ab')).toBe('http://localhost:3000/projector/proj_1_ab');
    expect(projectorLink('https://studio.example/', 'a b/c')).toBe('https://studio.example/projector/a%20b%2Fc');
  });
  it('is copied only for published projects, and says why not', () => {
    expect(copyLinkDisabledReason({ isPublic: true })).toBeNull();
    expect(copyLinkDisabledReason({ isPublic: false })).toMatch(/^Publish the project first/);
  });
  it('is published only by the owner, and only once on the server', () => {
    expect(publishDisabledReason({ id: 'proj_1_a', role: 'owner' })).toBeNull();
    expect(publishDisabledReason({ id: 'proj_1_a', role: 'editor' })).toBe('Only the owner can publish or unpublish');
    expect(publishDisabledReason({ id: 'local_1700000000000', role: 'owner' })).toMatch(/server is back/);
  });
});
