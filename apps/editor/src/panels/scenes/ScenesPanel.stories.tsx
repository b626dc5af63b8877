import type { ReactElement } from 'react';
import { storyProject } from '../timeline/story-project';
import { ScenesPanel } from './ScenesPanel';

const noop = () => undefined;

export default {
  title: 'Editor/Panels/Scenes',
  component: ScenesPanel,
  decorators: [(Story: () => ReactElement) => <div style={{ width: 260 }}><Story /></div>],
  args: {
    scenes: storyProject().scenes,
    selectedSceneId: 's2',
    previewSceneId: null,
    readOnly: false,
    onSelect: noop,
    onSwitch: noop,
    onPreview: noop,
    onCapture: noop,
    onDuplicate: noop,
    onRename: noop,
    onDelete: noop,
    onMove: noop,
  },
};

export const PrimaryFirst = {};
export const Previewing = { args: { previewSceneId: 's1' } };
export const Empty = { args: { scenes: [] } };
export const ReadOnly = { args: { readOnly: true } };
