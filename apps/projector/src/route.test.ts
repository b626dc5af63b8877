import { describe, expect, it } from 'vitest';
import { parseProjectorPath } from './route';

describe('parseProjectorPath', () => {
  it('reads the project id and the optional user id', () => {
    expect(parseProjectorPath('/projector/proj_1_abc')).toEqual({ projectId: 'proj_1_abc' });
    expect(parseProjectorPath('/projector/proj_1_abc/usr_9')).toEqual({ projectId: 'proj_1_abc', userId: 'usr_9' });
    expect(parseProjectorPath('/projector/proj%201/')).toEqual({ projectId: 'proj 1' });
  });

  it('has no route without an id', () => {
    expect(parseProjectorPath('/projector')).toBeNull();
    expect(parseProjectorPath('/projector/')).toBeNull();
  });
});
