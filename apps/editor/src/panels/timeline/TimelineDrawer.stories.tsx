import type { ReactElement } from 'react';
import { TimelineDrawer } from './TimelineDrawer';
import { storyProject } from './story-project';
import { fixedSource } from '../../state/source';

const noop = () => undefined;

export default {
  title: 'Editor/Panels/Timeline',
  component: TimelineDrawer,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story: () => ReactElement) => (
      <div style={{ height: 360 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    project: storyProject(),
    playhead: fixedSource(1200),
    playback: 'stopped',
    view: { zoom: 1.5, scroll: 0 },
    selectedKeyframeIds: [],
    selectedPlacementId: null,
    selectedScene: null,
    autoKey: false,
    readOnly: false,
    onView: noop,
    onSelectKeyframes: noop,
    onSelectPlacement: noop,
    onSeek: noop,
    onEdit: noop,
    onDeleteKeyframes: noop,
    now: () => 0,
  },
};

export const TracksKeyframesPlacementsMarkers = {};
export const KeyframesSelected = { args: { selectedKeyframeIds: ['k1', 'k3'] } };
export const PlacementSelected = { args: { selectedPlacementId: 'p2' } };
export const PlayingAutoKey = { args: { playback: 'playing', playhead: fixedSource(3400), autoKey: true } };
export const ZoomedIn = { args: { view: { zoom: 6, scroll: 1000 } } };
export const ReadOnly = { args: { readOnly: true } };
