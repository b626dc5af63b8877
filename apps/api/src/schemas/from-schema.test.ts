// The type provider's reading of the route schemas: checked by `tsc` (api:typecheck), where a
// wrong reading fails the build; vitest runs the same expectations as a no-op.
import { describe, expectTypeOf, it } from 'vitest';
import type { FromSchema } from './from-schema';
import type { memberAddBody, projectBody, publicQuery, publishBody, timelineCleanupBody } from './projects';

describe('FromSchema', () => {
  it('reads required, optional, enum, array and closed objects', () => {
    expectTypeOf<FromSchema<typeof memberAddBody>>().toEqualTypeOf<{ projectId: string; email: string; role: 'editor' | 'viewer' }>();
    expectTypeOf<FromSchema<typeof publishBody>>().toEqualTypeOf<{ projectId: string; enableRealtime?: boolean }>();
    expectTypeOf<FromSchema<typeof timelineCleanupBody>>().toEqualTypeOf<{
      projectId: string;
      validKeyframeIds?: string[];
      validTimelineSceneIds?: string[];
      revision?: number;
      modified?: string;
    }>();
  });

  it('leaves open objects open', () => {
    expectTypeOf<FromSchema<typeof projectBody>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<FromSchema<typeof publicQuery>>().toMatchTypeOf<{ id: string; userId?: string; _t?: string }>();
  });
});
