// JSON schemas of the project routes (also the OpenAPI page at /api/docs).

export const ID_PATTERN = '^[A-Za-z0-9_-]{1,128}$';
const id = { type: 'string', pattern: ID_PATTERN } as const;
const revision = { type: 'integer', minimum: 0, description: 'The project revision the client computed this from; stale destructive calls get 409.' } as const;
const modified = { type: 'string', maxLength: 64, description: 'Alternative to revision: the metadata.modified the client loaded.' } as const;
const idList = { type: 'array', maxItems: 10000, items: { type: 'string', maxLength: 256 } } as const;

export const projectParams = { type: 'object', required: ['id'], properties: { id } } as const;
export const scenesParams = { type: 'object', required: ['projectId'], properties: { projectId: id } } as const;
export const publicQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 128 }, userId: { type: 'string', maxLength: 128 }, _t: { type: 'string', maxLength: 64 } },
} as const;
export const membersQuery = { type: 'object', required: ['projectId'], properties: { projectId: { type: 'string', maxLength: 128 } } } as const;

export const errorBody = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } } as const;

/** A project in the spec's JSON exchange format; rebuilt from known fields by @beamstage/layers. */
export const projectBody = { type: 'object', additionalProperties: true, description: 'Project JSON (version "1.0")' } as const;

export const projectIdBody = { type: 'object', required: ['id'], properties: { id }, additionalProperties: false } as const;
export const projectRefBody = { type: 'object', required: ['projectId'], properties: { projectId: id }, additionalProperties: false } as const;
export const publishBody = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: id, enableRealtime: { type: 'boolean' } },
  additionalProperties: false,
} as const;
export const memberAddBody = {
  type: 'object',
  required: ['projectId', 'email', 'role'],
  properties: { projectId: id, email: { type: 'string', minLength: 3, maxLength: 320 }, role: { type: 'string', enum: ['editor', 'viewer'] } },
  additionalProperties: false,
} as const;
export const memberRemoveBody = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: id, userId: { type: 'string', maxLength: 128 }, email: { type: 'string', maxLength: 320 } },
  additionalProperties: false,
} as const;
export const layerDeleteBody = {
  type: 'object',
  required: ['projectId', 'layerId'],
  properties: { projectId: id, layerId: { type: 'string', maxLength: 256 }, revision, modified },
  additionalProperties: false,
} as const;
export const layerCleanupBody = {
  type: 'object',
  required: ['projectId', 'validLayerIds'],
  properties: { projectId: id, validLayerIds: idList, revision, modified },
  additionalProperties: false,
} as const;
export const timelineDeleteBody = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: id, keyframeId: { type: 'string', maxLength: 256 }, timelineSceneId: { type: 'string', maxLength: 256 }, revision, modified },
  additionalProperties: false,
} as const;
export const timelineCleanupBody = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: id, validKeyframeIds: idList, validTimelineSceneIds: idList, revision, modified },
  additionalProperties: false,
} as const;
export const scenesSaveBody = {
  type: 'object',
  required: ['projectId', 'scenes', 'timeline'],
  properties: { projectId: id, scenes: { type: 'array', maxItems: 1000 }, timeline: { type: 'object', additionalProperties: true }, revision, modified },
  additionalProperties: false,
} as const;

export const okRevision = { type: 'object', properties: { ok: { type: 'boolean' }, modified: { type: 'string' }, revision: { type: 'integer' } } } as const;

/** The layer and timeline deletes' answer: the new revision and the ids removed by kind. */
export const removedAnswer = {
  ...okRevision,
  properties: { ...okRevision.properties, removed: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
} as const;

/** One part of a save that did not apply: a newer value on the server won (projects/merge-project.ts KeptChange). */
const keptChange = {
  type: 'object',
  required: ['path', 'reason'],
  properties: { path: { type: 'string' }, id: { type: 'string' }, name: { type: 'string' }, reason: { type: 'string', enum: ['newer'] } },
} as const;

/** POST /api/projects/update's answer: the new revision and what the server kept over the client's values. */
export const updateAnswer = {
  type: 'object',
  required: ['ok', 'modified', 'revision', 'kept'],
  properties: {
    ...okRevision.properties,
    kept: {
      type: 'array',
      items: keptChange,
      description: 'Fields and entities changed on the server since the base revision, kept instead of the sent values',
    },
  },
} as const;
