import type { ProjectJson } from '@beamstage/layers';

/**
 * The fields a published project shows to anyone (the projector): no history, no debug settings,
 * nothing about members or the owner beyond the author name the owner typed.
 */
export function publicProjectJson(data: ProjectJson, realtime: boolean): Record<string, unknown> {
  const m = data.metadata;
  return {
    version: data.version,
    schemaVersion: data.schemaVersion,
    id: data.id,
    metadata: {
      id: m.id,
      name: m.name,
      description: m.description,
      created: m.created,
      modified: m.modified,
      author: m.author,
      tags: m.tags,
      isPublic: true,
      syncEnabled: realtime,
      autoMode: m.autoMode,
    },
    canvas: data.canvas,
    layers: data.layers,
    assets: data.assets,
    warpPoints: data.warpPoints,
    scenes: data.scenes,
    timeline: data.timeline,
  };
}
