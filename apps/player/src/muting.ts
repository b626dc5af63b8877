import type { ProjectJson } from '@beamstage/layers';

/**
 * The project as a muted player shows it: every video and stream layer muted (the `muted`
 * attribute; browsers also refuse sound before a gesture, which libs/stage already handles).
 * Returns the same object when nothing would change, so an unmuted player copies nothing.
 */
export function mutedProject(project: ProjectJson, muted: boolean): ProjectJson {
  if (!muted || !project.layers.some((l) => l.type === 'video' || l.type === 'rtmp')) return project;
  return {
    ...project,
    layers: project.layers.map((layer) =>
      layer.type === 'video' || layer.type === 'rtmp' ? ({ ...layer, content: { ...layer.content, muted: true } } as typeof layer) : layer,
    ),
  };
}
