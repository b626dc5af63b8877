import { CommandHistory } from '@beamstage/layers';
import type { Command, ProjectDoc } from '@beamstage/layers';

/**
 * Edits of the same field closer together than this are one undo step: a typed name, a dragged
 * slider, a held arrow key. One keystroke per undo is not what anyone expects.
 */
export const EDIT_BURST_MS = 1000;

/** A run of edits to one field made in a burst, undone and redone as one command. */
class EditBurst implements Command {
  readonly type: string;
  readonly description: string;
  private readonly commands: Command[];
  lastAt: number;

  constructor(
    readonly group: string,
    first: Command,
    at: number,
    /** The pointer gesture the burst was made in (live/gesture.ts), or null. */
    readonly gesture: number | null = null,
  ) {
    this.type = first.type;
    this.description = first.description;
    this.commands = [first];
    this.lastAt = at;
  }

  add(command: Command, at: number): void {
    this.commands.push(command);
    this.lastAt = at;
  }

  execute(doc: ProjectDoc): void {
    for (const command of this.commands) command.execute(doc);
  }

  // Each command goes back from the value it left to the one before it: in reverse, the burst
  // ends at the value before its first edit, and a field someone else changed meanwhile is kept.
  undo(doc: ProjectDoc): void {
    for (let i = this.commands.length - 1; i >= 0; i--) this.commands[i]!.undo(doc);
  }
}

/** What the top bar shows: the descriptions of the next undo and redo, null when there is none. */
export interface HistoryView {
  undo: string | null;
  redo: string | null;
}

/**
 * The editor's own undo history (libs/layers' CommandHistory, at most 50 steps): only this
 * person's edits enter it, and libs/layers' recorded commands revert only the values they set
 * that nobody has changed since (users.md: undo undoes your own changes, not your collaborator's).
 */
export class EditHistory {
  private readonly history = new CommandHistory();

  /**
   * Runs an edit's command on `doc` and records it; `group` names a field whose bursts are one
   * step: edits closer than EDIT_BURST_MS, or made during one pointer `gesture` at any pace.
   */
  execute(doc: ProjectDoc, command: Command, group: string | null, at: number, gesture: number | null = null): void {
    const top = this.history.commands[this.history.currentIndex];
    const atTop = this.history.currentIndex === this.history.commands.length - 1;
    const sameRun = top instanceof EditBurst && top.group === group && ((gesture !== null && top.gesture === gesture) || at - top.lastAt <= EDIT_BURST_MS);
    if (group !== null && atTop && sameRun) {
      command.execute(doc);
      top.add(command, at);
      return;
    }
    this.history.execute(doc, group === null ? command : new EditBurst(group, command, at, gesture));
  }

  /** The step an undo would revert (to replay it on another copy of the project), or null. */
  nextUndo(): Command | null {
    return this.history.canUndo() ? this.history.commands[this.history.currentIndex]! : null;
  }

  /** The step a redo would replay, or null. */
  nextRedo(): Command | null {
    return this.history.canRedo() ? this.history.commands[this.history.currentIndex + 1]! : null;
  }

  undo(doc: ProjectDoc): boolean {
    return this.history.undo(doc);
  }

  redo(doc: ProjectDoc): boolean {
    return this.history.redo(doc);
  }

  view(): HistoryView {
    return { undo: this.nextUndo()?.description ?? null, redo: this.nextRedo()?.description ?? null };
  }
}
