import { publicMetadata, type ProjectJson } from '@beamstage/layers';

/**
 * The fields a published project shows to anyone (the projector): no history, no debug settings,
 * nothing about members or the owner beyond the author name the owner typed. The metadata is
 * stripped by libs/layers' publicMetadata, as the public live room's document is.
 */
export function publicProjectJson(data: ProjectJson, realtime: boolean): Record<string, unknown> {
  return {
    version: data.version,
    schemaVersion: data.schemaVersion,
    id: data.id,
    metadata: publicMetadata(data.metadata, realtime),
    canvas: data.canvas,
    layers: data.layers,
    assets: data.assets,
    warpPoints: data.warpPoints,
    scenes: data.scenes,
    timeline: data.timeline,
  };
}
