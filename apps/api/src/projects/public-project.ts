import { publicMetadata, type ProjectJson } from '@beamstage/layers';
import type { Db } from '../db/client';
import { readPublished, readRevision } from './project-repository';
import { publicAnswer, type PublicEntry } from './public-cache';

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

/**
 * GET /api/projects/public's answer for a project id: the held bytes, or the row read again when
 * its revision moved (publish, unpublish and every content write move it: same revision, same answer).
 */
export function readPublicAnswer(db: Db, id: string): Promise<PublicEntry> {
  return publicAnswer(id, async (heldRevision) => {
    if (heldRevision !== null && (await readRevision(db, id)) === heldRevision) return 'unchanged';
    const found = await readPublished(db, id, undefined);
    return {
      body: found ? JSON.stringify(publicProjectJson(found.data, found.realtime)) : null,
      ownerId: found?.ownerId ?? null,
      revision: found?.revision ?? null,
    };
  });
}
