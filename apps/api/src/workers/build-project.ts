import * as Automerge from '@automerge/automerge';
import { ENTITY_LISTS, normalizeDoc, toDoc, toJson, type ProjectJson } from '@beamstage/layers';
import { wrapWholeStrings } from '@beamstage/sync/node';
import { batchEntries } from '../projects/additions';

/** A new project (create, duplicate) whose document a worker builds: the project as the api checked it. */
export interface BuildProjectTask {
  project: ProjectJson;
}

export interface BuiltProject {
  /** The project as its document holds it (normalised): the row's data. */
  data: ProjectJson;
  /** The document's changes, in order: the api's copy applies them one at a time. */
  changes: Uint8Array[];
}

type Obj = Record<string, unknown>;
const ENTITY_MAPS = ENTITY_LISTS.map((e) => [...e.path]);

/**
 * Converts a new project to its document once (exchange JSON -> document shape, normalised) and
 * builds that document as a sequence of small changes: first the project without its entities,
 * then its entities (layers, assets, scenes, keyframes, ...) a batch per change (batchEntries), whole strings
 * wrapped as the document keeps them. Applying them in order gives the document that
 * createProjectDoc would make from the same JSON, but the api's thread applies one small change at
 * a time instead of building one multi-megabyte change (seconds for the largest project a plan
 * allows). Pure and synchronous: the worker runs it, and so may a test.
 */
export function buildProject(task: BuildProjectTask): BuiltProject {
  const doc = toDoc(task.project);
  normalizeDoc(doc);
  const data = toJson(doc);
  const skeleton = { ...(doc as unknown as Obj), timeline: { ...(doc.timeline as unknown as Obj) } };
  const entities: { path: string[]; batches: [string, unknown][][] }[] = [];
  for (const path of ENTITY_MAPS) {
    const parent = path.slice(0, -1).reduce<Obj | undefined>((v, k) => v?.[k] as Obj | undefined, skeleton);
    const key = path[path.length - 1]!;
    const map = parent?.[key];
    if (!parent || typeof map !== 'object' || map === null) continue;
    entities.push({ path, batches: batchEntries(Object.entries(map as Obj)) });
    parent[key] = {};
  }
  let built = Automerge.from<Obj>(wrapWholeStrings(skeleton));
  for (const { path, batches } of entities) {
    for (const batch of batches) {
      built = Automerge.change(built, (d) => {
        const map = path.reduce<Obj>((v, k) => v[k] as Obj, d);
        for (const [id, value] of batch) map[id] = wrapWholeStrings(value);
      });
    }
  }
  return { data, changes: Automerge.getAllChanges(built) };
}
