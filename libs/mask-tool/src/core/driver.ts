// Headless driver: drives a MaskModel the way a person drives the modal (design.md section 7).
import { requestClearAll } from './clear-all';
import type { MaskKeyInput, MaskKeyResult } from './keys';
import { handleMaskKey } from './keys';
import type { MaskModel, MaskPointerInput } from './model';
import type { StrokePoint } from './types';

export interface MaskDriverOptions {
  /** Answers the clear-all confirmation (default: yes). */
  readonly confirm?: (message: string) => boolean;
  /** Called when a shortcut asks the shell to close. */
  readonly onClose?: () => void;
}

/** Pointer, wheel and key helpers over a model; every call returns the driver for chaining. */
export class MaskDriver {
  closeRequests = 0;
  confirmations: string[] = [];

  constructor(
    readonly model: MaskModel,
    private readonly options: MaskDriverOptions = {},
  ) {}

  down(x: number, y: number, extra: Omit<MaskPointerInput, 'x' | 'y'> = {}): this {
    this.model.pointerDown({ x, y, ...extra });
    return this;
  }

  move(x: number, y: number): this {
    this.model.pointerMove({ x, y });
    return this;
  }

  up(): this {
    this.model.pointerUp();
    return this;
  }

  leave(): this {
    this.model.pointerLeave();
    return this;
  }

  /** A click without movement. */
  click(x: number, y: number, extra: Omit<MaskPointerInput, 'x' | 'y'> = {}): this {
    return this.down(x, y, extra).up();
  }

  /** Press, move through each point in order, release. */
  drag(points: readonly StrokePoint[], extra: Omit<MaskPointerInput, 'x' | 'y'> = {}): this {
    const [first, ...rest] = points;
    if (!first) return this;
    this.down(first.x, first.y, extra);
    for (const p of rest) this.move(p.x, p.y);
    return this.up();
  }

  /** Clicks each point with the pen (finish with a click on the first to close). */
  polygon(points: readonly StrokePoint[], close = true): this {
    for (const p of points) this.click(p.x, p.y);
    const [first] = points;
    if (close && first) this.click(first.x, first.y);
    return this;
  }

  wheel(deltaY: number, x: number, y: number): this {
    this.model.wheel(deltaY, { x, y });
    return this;
  }

  /** Presses a key; carries out 'close' and 'confirmClearAll' as the modal would. */
  key(key: string, mods: Omit<MaskKeyInput, 'key'> = {}): MaskKeyResult {
    const result = handleMaskKey(this.model, { key, ...mods });
    if (result === 'close') {
      this.closeRequests++;
      this.options.onClose?.();
    } else if (result === 'confirmClearAll') {
      this.requestClearAll();
    }
    return result;
  }

  /** The Clear All button: asks only when there is something to clear. */
  requestClearAll(): boolean {
    return requestClearAll(this.model, (message) => {
      this.confirmations.push(message);
      return this.options.confirm ? this.options.confirm(message) : true;
    });
  }
}
