import { EmbedCodeButton } from './EmbedCodeButton';

export default {
  title: 'Editor/Workspace/EmbedCodeButton',
  component: EmbedCodeButton,
  args: { projectId: 'proj_1_a', isPublic: true },
};

/** Published: a click puts the <beamstage-player> snippet on the clipboard (or shows it to copy by hand). */
export const Published = {};
/** Not published yet: off, and its tooltip says to publish first. */
export const NotPublished = { args: { isPublic: false } };
