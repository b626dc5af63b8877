// Undo/redo history of spec section 4: at most 50 commands, index starts at -1.
import { HISTORY_MAX_COMMANDS } from '../schema/defaults';
import type { ProjectDoc } from '../document/doc';
import type { HistoryJson } from '../schema/types';

/** An undoable action on a draft document. */
export interface Command {
  readonly type: string;
  readonly description: string;
  execute(doc: ProjectDoc): void;
  undo(doc: ProjectDoc): void;
}

/** Linear command history. */
export class CommandHistory {
  private list: Command[] = [];
  private index = -1;

  constructor(private readonly max: number = HISTORY_MAX_COMMANDS) {}

  get commands(): readonly Command[] {
    return this.list;
  }

  get currentIndex(): number {
    return this.index;
  }

  /** Drops commands after the index, appends, and drops the oldest above the maximum. */
  push(command: Command): void {
    this.list = this.list.slice(0, this.index + 1);
    this.list.push(command);
    if (this.list.length > this.max) this.list = this.list.slice(this.list.length - this.max);
    this.index = this.list.length - 1;
  }

  /** Runs the command on the draft and pushes it. */
  execute(doc: ProjectDoc, command: Command): void {
    command.execute(doc);
    this.push(command);
  }

  canUndo(): boolean {
    return this.index >= 0;
  }

  canRedo(): boolean {
    return this.index < this.list.length - 1;
  }

  /** Runs the current command's undo and moves the index back; false when there is nothing to undo. */
  undo(doc: ProjectDoc): boolean {
    if (!this.canUndo()) return false;
    this.list[this.index]!.undo(doc);
    this.index--;
    return true;
  }

  /** Moves the index forward and runs that command's execute; false when there is nothing to redo. */
  redo(doc: ProjectDoc): boolean {
    if (!this.canRedo()) return false;
    this.index++;
    this.list[this.index]!.execute(doc);
    return true;
  }

  /** Empties the list and resets the index to -1. */
  clear(): void {
    this.list = [];
    this.index = -1;
  }

  /** The serialisable view for the exchange format. */
  toJson(): HistoryJson {
    return { commands: this.list.map((c) => ({ type: c.type, description: c.description })), currentIndex: this.index };
  }
}
