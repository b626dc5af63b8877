// A scene's thumbnail: a small JPEG of what the stage canvas shows when the scene is captured.
import { logger } from './logger';

export const THUMBNAIL_WIDTH_PX = 160;

/** A data URL of the stage, or undefined when it cannot be read (the spec logs thumbnail failures only). */
export function stageThumbnail(doc: Document = document): string | undefined {
  const stage = doc.querySelector<HTMLCanvasElement>('[data-testid="stage-canvas"]');
  if (!stage || stage.width === 0) return undefined;
  try {
    const small = doc.createElement('canvas');
    small.width = THUMBNAIL_WIDTH_PX;
    small.height = Math.max(1, Math.round((THUMBNAIL_WIDTH_PX * stage.height) / stage.width));
    small.getContext('2d')?.drawImage(stage, 0, 0, small.width, small.height);
    return small.toDataURL('image/jpeg', 0.7);
  } catch (error) {
    logger('layers').warn('Scene thumbnail failed', error);
    return undefined;
  }
}
