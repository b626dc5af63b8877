import type { DocLayer, EntityJson, LayerJson, ProjectDoc, ProjectJson } from './project-shape';
import { DOC_SCHEMA_VERSION, ORDER_STEP } from './project-shape';

const byId = <T extends { id: string }>(list: readonly T[] | undefined): Record<string, T> => {
  const out: Record<string, T> = {};
  for (const item of list ?? []) if (item && typeof item.id === 'string' && !(item.id in out)) out[item.id] = clone(item);
  return out;
};

/** Deep copy through JSON, also dropping undefined values Automerge refuses. */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The exchange JSON as a fresh plain document value (to pass to Repo.create or Automerge.from). */
export function toDoc(json: ProjectJson): ProjectDoc {
  const { layers, assets, scenes, timeline, metadata, canvas, warpPoints, version, id: _id, ...rest } = clone(json);
  const { timelineScenes, markers, keyframes, sceneTransitions, ...timelineRest } = timeline;
  const docLayers: Record<string, DocLayer> = {};
  layers.forEach((layer, index) => {
    if (layer && typeof layer.id === 'string' && !(layer.id in docLayers)) docLayers[layer.id] = { ...layer, order: (index + 1) * ORDER_STEP };
  });
  return {
    ...rest,
    schema: DOC_SCHEMA_VERSION,
    version,
    metadata: { ...metadata, id: metadata.id ?? json.id },
    canvas,
    warpPoints,
    layers: docLayers,
    assets: byId(assets),
    scenes: byId(scenes),
    timeline: {
      ...timelineRest,
      timelineScenes: byId(timelineScenes),
      markers: byId(markers),
      keyframes: byId(keyframes),
      sceneTransitions: byId(sceneTransitions),
    },
  };
}

/** Layers in document order (order key, then id for ties from concurrent inserts). */
export function orderedLayers(doc: ProjectDoc): DocLayer[] {
  return Object.values(doc.layers).sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const values = (map: Record<string, EntityJson>): EntityJson[] => Object.values(map).map((v) => clone(v));

/** The document as the spec's exchange JSON (version "1.0", lists). */
export function toJson(doc: ProjectDoc): ProjectJson {
  const plain = clone(doc);
  const { schema: _schema, layers: _layers, assets, scenes, timeline, metadata, canvas, warpPoints, version, ...rest } = plain;
  const { timelineScenes, markers, keyframes, sceneTransitions, ...timelineRest } = timeline;
  const layers: LayerJson[] = orderedLayers(plain).map(({ order: _order, ...layer }) => layer);
  return {
    ...rest,
    version,
    id: metadata.id,
    metadata,
    canvas,
    warpPoints,
    layers,
    assets: values(assets),
    scenes: values(scenes),
    timeline: {
      ...timelineRest,
      timelineScenes: values(timelineScenes),
      markers: values(markers),
      keyframes: values(keyframes),
      sceneTransitions: values(sceneTransitions),
    },
  };
}
