// The project's keyed entity lists, in one place: what each kind is called and where its list
// lives. The exchange JSON holds a list at that path and the document a map keyed by id at the
// same path (toDoc/toJson), so one path serves both. The api's stamps (`kind:id`), its `kept`
// answers (the path joined with '.'), its large-write batches and order keys, and sync's public
// room all walk this list.

/** Every keyed entity list of a project: the kind's name and the list's path (JSON list, document map). */
export const ENTITY_LISTS = [
  { kind: 'layer', path: ['layers'] },
  { kind: 'scene', path: ['scenes'] },
  { kind: 'asset', path: ['assets'] },
  { kind: 'keyframe', path: ['timeline', 'keyframes'] },
  { kind: 'timelineScene', path: ['timeline', 'timelineScenes'] },
  { kind: 'marker', path: ['timeline', 'markers'] },
  { kind: 'transition', path: ['timeline', 'sceneTransitions'] },
] as const;

/** One entity kind: `layer`, `keyframe`, `timelineScene`, ... */
export type EntityKind = (typeof ENTITY_LISTS)[number]['kind'];

/** The lists at the project's top level (`layers`, `scenes`, `assets`). */
export const ROOT_ENTITY_LISTS: readonly string[] = ENTITY_LISTS.filter((e) => e.path.length === 1).map((e) => e.path[0]);

/** The lists inside the timeline block (`keyframes`, `timelineScenes`, `markers`, `sceneTransitions`). */
export const TIMELINE_ENTITY_LISTS: readonly string[] = ENTITY_LISTS.filter((e) => e.path.length === 2).map((e) => e.path[1]!);
