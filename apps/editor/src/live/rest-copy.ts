// The project while there is no live document (before it opens, real-time refused, REST only):
// kept in the document shape, as immutable snapshots, so an edit costs what it changed and not a
// whole JSON -> document -> normalise -> JSON round trip per keystroke (issue 19 item 1).
import { applyDocWrites, createJsonExporter, planNormalize, toDoc, withOperationNormalizeDeferred } from '@beamstage/layers';
import type { HistoryJson, JsonExporter, ProjectDoc, ProjectJson } from '@beamstage/layers';
import { Immer } from 'immer';
import type { DocOperation } from './project-edits';

// Snapshots are never written in place (each edit makes a new one), so freezing buys nothing.
const immer = new Immer({ autoFreeze: false });

/** Runs `operation` on a copy-on-write draft: every object it did not touch keeps its identity. */
const produce = (base: ProjectDoc, operation: (draft: ProjectDoc) => void): ProjectDoc =>
  immer.produce(base, (draft) => {
    // The wrapper returns nothing: immer would take a returned value as the new state.
    operation(draft as ProjectDoc);
  });

/** The REST copy of one open project. */
export interface RestCopy {
  /**
   * Runs an edit and answers the new JSON: on `project` when given (the store shows a project this
   * copy did not make: the first paint, a replaced copy), converted to the document shape once;
   * with null, on this copy's own last result. An edit converts back only the entries it touched
   * (libs/layers' incremental exporter), never the whole project.
   */
  apply(project: ProjectJson | null, local: DocOperation, replay: DocOperation): ProjectJson;
  /** Marks the edits so far as sent (a REST save's snapshot); answers the mark for `rebase`. */
  mark(): number;
  /** How many edits were made since `mark`. */
  editsSince(mark: number): number;
  /** How many edits were made so far (what `mark` would answer now). */
  edits(): number;
  /**
   * The server's project with this copy's edits made after `mark` run on it again (as intent: a
   * nudge stays a nudge): what the editor shows after a save whose answer kept newer server values.
   */
  rebase(server: ProjectJson, mark: number): ProjectJson;
}

/**
 * Runs an operation and restores the invariants, as libs/sync's runOperation does on the live
 * document: the operations' own normalise passes are deferred to one pass planned on the result.
 */
function step(doc: ProjectDoc, operation: DocOperation): ProjectDoc {
  const next = withOperationNormalizeDeferred(() => produce(doc, operation));
  const fixes = planNormalize(next);
  return fixes.length === 0 ? next : produce(next, (d) => void applyDocWrites(d, fixes));
}

const emptyError = (): never => {
  throw new Error('RestCopy.apply: no project yet');
};

export function createRestCopy(): RestCopy {
  let doc: ProjectDoc | null = null;
  let history: HistoryJson | undefined;
  let exportDoc: JsonExporter = createJsonExporter();
  /** Edits since the last mark, in intent form, for a rebase. */
  let log: { seq: number; replay: DocOperation }[] = [];
  let seq = 0;

  const show = (next: ProjectDoc): ProjectJson => {
    doc = next;
    return exportDoc(next, history);
  };
  const reset = (project: ProjectJson): ProjectDoc => {
    exportDoc = createJsonExporter();
    history = project.history;
    return toDoc(project);
  };

  return {
    apply(project, local, replay) {
      const base = project === null && doc ? doc : reset(project ?? emptyError());
      const out = show(step(base, local));
      log.push({ seq: ++seq, replay });
      return out;
    },
    mark() {
      log = [];
      return seq;
    },
    editsSince: (mark) => seq - mark,
    edits: () => seq,
    rebase(server, mark) {
      let next = reset(server);
      for (const entry of log) if (entry.seq > mark) next = step(next, entry.replay);
      return show(next);
    },
  };
}
