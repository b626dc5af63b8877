import { createDefaultProject, type ProjectId } from '@beamstage/layers';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TIMELINE_VIEW_ONLY_HINT, TimelineDetails, type DetailsProps } from './TimelineDetails';

const noop = () => undefined;
const props = (readOnly: boolean): DetailsProps => ({
  project: createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 }),
  selectedKeyframeIds: [],
  selectedPlacementId: null,
  selectedMarkerId: null,
  readOnly,
  onEdit: noop,
  onDeleteKeyframes: noop,
  onSelectPlacement: noop,
  onSelectMarker: noop,
  now: () => 0,
});

describe('the timeline details with nothing selected', () => {
  it('tells an editor how to keyframe', () => {
    const html = renderToString(<TimelineDetails {...props(false)} />);
    expect(html).toContain('press K to keyframe');
    expect(html).not.toContain(TIMELINE_VIEW_ONLY_HINT);
  });
  it('tells a viewer what they can do instead of promising an edit', () => {
    const html = renderToString(<TimelineDetails {...props(true)} />);
    expect(html).toContain(TIMELINE_VIEW_ONLY_HINT);
    expect(html).not.toContain('press K');
  });
});
