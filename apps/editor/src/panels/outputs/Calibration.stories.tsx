import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { ProjectId } from '@beamstage/layers';
import type { ReactElement } from 'react';
import type { EditorContext } from '../../actions/context';
import type { LiveSession } from '../../live/live-session';
import { createEditorStore } from '../../state/editor-store';
import { createSessionStore } from '../../state/session-store';
import { OutputWarpOverlay } from '../../stage/OutputWarpOverlay';
import { CalibrationSection } from './CalibrationSection';
import { DisplayChooser } from './DisplayChooser';
import type { DisplayWindow } from './display-chooser';
import './outputs.css';

// Output calibration and the display chooser, with a context whose live session records nothing.
const ctxWith = (calibrating: boolean): EditorContext => {
  const store = createEditorStore();
  const project = createDefaultProject({ id: 'proj_1_story' as ProjectId, nowMs: 0 });
  project.layers = [createLayer('image')];
  project.warpPoints = [
    { x: 215, y: 140 },
    { x: 600, y: 150 },
    { x: 612.5, y: 458 },
    { x: 200, y: 450 },
  ];
  store.project = project;
  store.calibrating = calibrating;
  store.calibrationCorner = calibrating ? 2 : null;
  return {
    projectId: 'proj_1_story',
    store,
    session: createSessionStore(null),
    live: { edit: () => undefined, select: () => undefined } as unknown as LiveSession,
    save: async () => undefined,
    togglePublish: async () => undefined,
    toast: () => undefined,
    now: () => 0,
  };
};

const twoDisplays: DisplayWindow = {
  getScreenDetails: async () => ({
    screens: [
      { label: 'Built-in Retina Display', width: 1512, height: 982, isPrimary: true, isInternal: true },
      { label: 'EPSON PJ', width: 1920, height: 1080, availLeft: 1512 },
    ],
  }),
  open: () => undefined,
};
const noApi: DisplayWindow = { open: () => undefined };

export default {
  title: 'Editor/OutputsPanel/Calibration',
  decorators: [(Story: () => ReactElement) => <div style={{ width: 300 }}>{Story()}</div>],
};

export const Idle = { render: () => <CalibrationSection ctx={ctxWith(false)} /> };
export const Calibrating = { render: () => <CalibrationSection ctx={ctxWith(true)} /> };
export const DisplayChooserWithDisplays = { render: () => <DisplayChooser projectId="proj_1_story" win={twoDisplays} /> };
export const DisplayChooserWithoutApi = { render: () => <DisplayChooser projectId="proj_1_story" win={noApi} /> };
export const StageHandles = {
  render: () => (
    <div style={{ position: 'relative', width: 420, height: 320, background: '#222' }}>
      <OutputWarpOverlay
        points={[
          { x: 110, y: 70 },
          { x: 300, y: 80 },
          { x: 306, y: 229 },
          { x: 100, y: 225 },
        ]}
        selected={2}
        viewport={{ zoom: 1, x: 0, y: 0 }}
        box={{ width: 420, height: 320 }}
      />
    </div>
  ),
};
