import { DEFAULT_DOCUMENT_LIMITS, checkDocumentLimits, type DocumentLimits } from '@beamstage/layers';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { projects, users } from '../db/schema/index';
import { ApiError } from '../errors/api-error';

const MB = 1024 * 1024;

/**
 * The paid plans' raised limits: more layers, keyframes, scenes and bytes; strings stay as they are.
 * Bounded by what one write costs the server: a first save of 1,000 new layers is one Automerge
 * change of ~60,000 operations on the api's thread (README "Limits" has the measured figures).
 */
const PAID_LIMITS: Readonly<DocumentLimits> = Object.freeze({
  ...DEFAULT_DOCUMENT_LIMITS,
  maxLayers: 1_000,
  maxKeyframes: 20_000,
  maxScenes: 200,
  maxDocumentBytes: 4 * MB,
});

/**
 * A project's limits by its OWNER's plan (plans table ids; the owner pays for the project, so an
 * editor on a Studio project gets Studio's limits). An unknown plan gets the free limits.
 */
export const PLAN_DOCUMENT_LIMITS: Readonly<Record<string, Readonly<DocumentLimits>>> = Object.freeze({
  free: DEFAULT_DOCUMENT_LIMITS,
  pro: PAID_LIMITS,
  studio: PAID_LIMITS,
});

/** The largest document any plan allows, in bytes: the routes' body limit is set from it. */
export const MAX_PLAN_DOCUMENT_BYTES = Math.max(...Object.values(PLAN_DOCUMENT_LIMITS).map((l) => l.maxDocumentBytes));

/**
 * Project JSON bodies can be large (100 layers, 2000 keyframes): the largest document a plan allows
 * plus room for formatting. The document limits by plan are checked on the parsed body next.
 */
export const PROJECT_BODY_LIMIT_BYTES = MAX_PLAN_DOCUMENT_BYTES + 1024 * 1024;

/** The limits of a plan. */
export function documentLimitsFor(planId: string | null | undefined): Readonly<DocumentLimits> {
  return (planId && PLAN_DOCUMENT_LIMITS[planId]) || DEFAULT_DOCUMENT_LIMITS;
}

/** The limits of an existing project: its owner's plan. */
export async function projectLimits(db: Db, projectId: string): Promise<Readonly<DocumentLimits>> {
  const [row] = await db.select({ planId: users.planId }).from(projects).innerJoin(users, eq(users.id, projects.ownerId)).where(eq(projects.id, projectId));
  return documentLimitsFor(row?.planId);
}

/** Throws 413 or 400 with a message naming the limit when `project` breaks one. */
export function assertWithinLimits(project: unknown, limits: DocumentLimits): void {
  const violation = checkDocumentLimits(project, limits);
  if (violation) throw new ApiError(violation.status, violation.message);
}
