import { describe, expect, it } from 'vitest';
import { DENIED_MESSAGE, NO_API_MESSAGE, displayChoices, listDisplays, openProjectorOn, projectorUrlFor, windowFeaturesFor } from './display-chooser';
import type { DisplayWindow } from './display-chooser';

const opened: string[][] = [];
const win = (getScreenDetails?: DisplayWindow['getScreenDetails']): DisplayWindow => ({
  ...(getScreenDetails ? { getScreenDetails } : {}),
  open: (url, target, features) => void opened.push([url, target, features]),
});

describe('the display chooser', () => {
  it('lists the displays with labels, falling back to numbered names', async () => {
    const list = await listDisplays(
      win(async () => ({
        screens: [
          { label: 'Built-in Retina', width: 1512, height: 982, isPrimary: true, isInternal: true, availLeft: 0, availTop: 25 },
          { label: '', width: 1920, height: 1080, availLeft: 1512, availTop: 0 },
        ],
      })),
    );
    expect(list).toEqual({
      ok: true,
      displays: [
        { index: 0, label: 'Built-in Retina', left: 0, top: 25, width: 1512, height: 982, primary: true },
        { index: 1, label: 'Display 2', left: 1512, top: 0, width: 1920, height: 1080, primary: false },
      ],
    });
  });

  it('says clearly when the API is missing or the permission refused', async () => {
    expect(await listDisplays(win())).toEqual({ ok: false, message: NO_API_MESSAGE });
    const denied = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    expect(await listDisplays(win(async () => Promise.reject(denied)))).toEqual({ ok: false, message: DENIED_MESSAGE });
    const other = await listDisplays(win(async () => Promise.reject(new Error('boom'))));
    expect(other.ok === false && other.message).toMatch(/could not be listed \(boom\)/);
  });

  it('opens the projector as a popup covering the chosen display, labelled after it', () => {
    const [, second] = displayChoices([
      { width: 800, height: 600 },
      { label: 'Epson EB-L/left', width: 1920, height: 1080, availLeft: 1512, availTop: 0 },
    ]);
    expect(projectorUrlFor('proj_1', second!)).toBe('/projector/proj_1?label=Epson%20EB-L%2Fleft&fullscreen=1');
    expect(windowFeaturesFor(second!)).toBe('popup,left=1512,top=0,width=1920,height=1080');
    openProjectorOn(win(), 'proj_1', null);
    expect(opened.at(-1)).toEqual(['/projector/proj_1', '_blank', 'noopener']);
  });
});
