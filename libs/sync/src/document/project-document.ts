import type { DocHandle, Repo } from '@automerge/automerge-repo/slim';
import { toDoc, toJson } from './convert';
import { countInvariantViolations, normalizeDoc } from './normalize';
import type { ProjectDoc, ProjectJson } from './project-shape';

/** An operation over a document draft (libs/layers' commands have this shape). */
export type ProjectOperation = (draft: ProjectDoc) => void;

/** Creates a project document in the repo from exchange JSON, normalised. */
export function createProjectDoc(repo: Repo, json: ProjectJson): DocHandle<ProjectDoc> {
  const handle = repo.create<ProjectDoc>(toDoc(json));
  handle.change((d) => void normalizeDoc(d), { message: 'normalize' });
  return handle;
}

/** The document as exchange JSON. */
export function exportProjectJson(handle: DocHandle<ProjectDoc>): ProjectJson {
  return toJson(handle.doc());
}

/** Runs an operation inside one change, then restores the invariants in the same change. */
export function runOperation(handle: DocHandle<ProjectDoc>, operation: ProjectOperation, message?: string): void {
  handle.change(
    (draft) => {
      operation(draft);
      normalizeDoc(draft);
    },
    message ? { message } : {},
  );
}

/**
 * Normalises after every remote change: a merge can break an invariant no single peer broke
 * (two concurrent reorders, a mask type arriving beside an older blend mode). Returns the unsubscribe.
 */
export function normalizeOnRemoteChange(handle: DocHandle<ProjectDoc>): () => void {
  // automerge-repo reports every change with source "change", so local and remote look alike:
  // a dry run decides, and a healthy document (every local change is normalised) writes nothing.
  const onChange = () => {
    if (countInvariantViolations(handle.doc()) > 0) handle.change((d) => void normalizeDoc(d), { message: 'normalize' });
  };
  handle.on('change', onChange);
  return () => handle.off('change', onChange);
}
