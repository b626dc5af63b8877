// Loading a background image file (spec sections 5 and 8): image/* only, read as a data URL, decoded.
import type { MaskBackgroundImage } from '../index';
import { MASK_TOASTS } from '../index';
import type { MaskToast } from './store';

/** Reads and decodes a picked file; reports each outcome with the spec's toast. */
export function loadBackgroundFile(file: File, onLoaded: (image: MaskBackgroundImage) => void, toast: MaskToast): void {
  if (!file.type.startsWith('image/')) {
    toast(MASK_TOASTS.invalidImage, 'error');
    return;
  }
  const reader = new FileReader();
  reader.onerror = () => toast(MASK_TOASTS.readFailed, 'error');
  reader.onload = () => {
    const src = typeof reader.result === 'string' ? reader.result : '';
    const img = new Image();
    img.onload = () => {
      onLoaded({ src, width: img.naturalWidth, height: img.naturalHeight, label: file.name, mediaKind: 'image' });
      toast(MASK_TOASTS.backgroundLoaded(file.name), 'success');
    };
    img.onerror = () => toast(MASK_TOASTS.backgroundFailed, 'error');
    img.src = src;
  };
  reader.readAsDataURL(file);
}

/** True when keys typed into the element are text (shortcuts must be ignored there). */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable || el.tagName === 'TEXTAREA') return true;
  if (el.tagName !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color', 'image'].includes(type);
}
