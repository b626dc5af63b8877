// What anyone may see of a published project (design.md section 4, rule 11): the public route, the
// player and anonymous live projectors strip the project the same way, through these.
import type { ProjectDoc } from '../document/doc';
import type { ProjectMetadata } from '../schema/types';

/**
 * The metadata a published project shows: no debug settings and nothing else the owner keeps to
 * themselves; publication flags as published.
 */
export function publicMetadata(m: ProjectMetadata, realtime: boolean): ProjectMetadata {
  return {
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
  };
}

/**
 * The document a public live room holds: the published state, stripped like the public route (no
 * history, no debug settings). Entries keep their order keys; objects are shared with `doc`.
 */
export function publicProjectDoc(doc: ProjectDoc): ProjectDoc {
  return {
    version: doc.version,
    schemaVersion: doc.schemaVersion,
    id: doc.id,
    metadata: publicMetadata(doc.metadata, doc.metadata.syncEnabled),
    canvas: doc.canvas,
    warpPoints: doc.warpPoints,
    layers: doc.layers,
    assets: doc.assets,
    scenes: doc.scenes,
    timeline: doc.timeline,
  };
}
