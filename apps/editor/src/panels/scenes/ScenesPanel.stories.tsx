import type { ReactElement } from 'react';
import { storyProject } from '../timeline/story-project';
import { ScenesPanel } from './ScenesPanel';

const noop = () => undefined;

export default {
  title: 'Editor/Panels/Scenes',
  component: ScenesPanel,
  decorators: [
    (Story: () => ReactElement) => (
      <div style={{ width: 260 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    scenes: storyProject().scenes,
    selectedSceneId: 's2',
    previewSceneId: null,
    activeSceneId: null,
    thumbnails: {},
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
/** A scene being worked in (Active), with a picture rendered from the stage. */
export const ActiveWithThumbnail = {
  args: {
    activeSceneId: 's2',
    thumbnails: {
      s2: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120"/><rect x="40" y="30" width="50" height="40" fill="#7c5cff"/></svg>')}`,
    },
  },
};
