import type { ReactElement } from 'react';
import { OutputsIndicator } from './OutputsIndicator';
import { OutputsView } from './OutputsView';
import type { OutputView } from './outputs-model';
import './outputs.css';

const output = (over: Partial<OutputView>): OutputView => ({
  projectorId: 'p1',
  peerId: 'peer-1',
  lastSeen: 0,
  label: 'Projector 1',
  width: 1920,
  height: 1080,
  fps: 60,
  status: 'good',
  blackout: false,
  pattern: null,
  offline: 'off',
  notCached: [],
  version: '0.1.0',
  ...over,
});

const venue: OutputView[] = [
  output({ label: 'Left wall', offline: 'ready' }),
  output({ projectorId: 'p2', peerId: 'peer-2', label: 'Right wall', fps: 44, status: 'warning', blackout: true }),
  output({
    projectorId: 'p3',
    peerId: 'peer-3',
    label: 'Stage floor',
    width: 1280,
    height: 800,
    fps: 24,
    status: 'critical',
    pattern: 'grid',
    notCached: ['Camera feed'],
  }),
];

export default {
  title: 'Editor/OutputsPanel',
  component: OutputsView,
  args: { outputs: venue, fadeText: '2', fadeMs: 2000, fadeError: null, disabled: false, onFadeText: () => undefined, onCommand: () => undefined },
  decorators: [(Story: () => ReactElement) => <div style={{ width: 300 }}>{Story()}</div>],
};

export const Venue = {};
export const NoProjector = { args: { outputs: [] } };
export const Viewer = { args: { disabled: true } };
export const BadFadeTime = { args: { fadeText: '90', fadeMs: null, fadeError: 'A fade lasts 0 to 60 seconds' } };
export const TopBarIndicator = { render: () => <OutputsIndicator outputs={venue} onOpen={() => undefined} /> };
