import { describe, expect, it } from 'vitest';
import { explainMediaError, type Probe } from './media-error-cause';

const notSupported = { code: 4, message: 'MEDIA_ELEMENT_ERROR: Format error' };
const answering =
  (status: number): Probe =>
  async () => ({ ok: status < 400, status });
/** A probe whose CORS request fails (another origin without CORS) and whose no-cors one works or not. */
const opaque =
  (reachable: boolean): Probe =>
  async (_url, init) => {
    if (init.mode !== 'no-cors' || !reachable) throw new TypeError('Failed to fetch');
    return { ok: false, status: 0 };
  };

describe('why a video failed', () => {
  it('names the server refusal Chromium reports as an unsupported source', async () => {
    expect(await explainMediaError(notSupported, 'https://cdn.example/gone.mp4', answering(404))).toBe(
      'The video could not be downloaded (the server answered 404)',
    );
    expect(await explainMediaError(notSupported, 'https://cdn.example/private.mp4', answering(403))).toBe(
      'The video could not be downloaded (the server answered 403)',
    );
  });

  it('blames the format only when the file is there', async () => {
    expect(await explainMediaError(notSupported, 'https://cdn.example/clip.avi', answering(200))).toMatch(/cannot decode this video/);
    expect(await explainMediaError(notSupported, 'blob:https://studio/1234', answering(404))).toMatch(/cannot decode this video/);
  });

  it('says both causes when the answer cannot be read, and an unreachable host as such', async () => {
    expect(await explainMediaError(notSupported, 'https://other.example/clip.mp4', opaque(true))).toMatch(
      /may be missing on its server, or this browser cannot decode/,
    );
    expect(await explainMediaError(notSupported, 'https://down.example/clip.mp4', opaque(false))).toBe(
      'The video could not be downloaded (its address cannot be reached)',
    );
  });

  it('leaves the other codes to their own words without asking the network', async () => {
    const never: Probe = () => Promise.reject(new Error('not asked'));
    expect(await explainMediaError({ code: 2, message: '' }, 'https://cdn.example/a.mp4', never)).toMatch(/network error/);
    expect(await explainMediaError({ code: 3, message: '' }, 'https://cdn.example/a.mp4', never)).toMatch(/damaged/);
  });
});
