import type { GiphyConfig } from '../config/index';

/** One result of a GIF search, as the editor's panel shows it. */
export interface GifResult {
  id: string;
  title: string;
  /** The animated image a giphy layer plays (https). */
  url: string;
  /** A small animated preview for the result grid. */
  previewUrl: string;
  width: number;
  height: number;
}

export const GIF_QUERY_MAX_CHARS = 100;
export const GIF_RESULTS_LIMIT = 24;
/** GIPHY is asked with a time limit so a slow provider cannot hold a request. */
export const GIPHY_TIMEOUT_MS = 8_000;

/** Thrown when the provider fails or answers something unusable. */
export class GifProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GifProviderError';
  }
}

const httpsUrl = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
};
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
};
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * Rebuilds results from known fields only (the provider's answer is not trusted): https images
 * only, at most GIF_RESULTS_LIMIT.
 */
export function parseGiphyResults(body: unknown): GifResult[] {
  const data = rec(body)['data'];
  if (!Array.isArray(data)) throw new GifProviderError('The GIF provider answered without results');
  const out: GifResult[] = [];
  for (const item of data.slice(0, GIF_RESULTS_LIMIT)) {
    const r = rec(item);
    const images = rec(r['images']);
    const original = rec(images['original']);
    const preview = rec(images['fixed_width']);
    const url = httpsUrl(original['url']);
    const id = typeof r['id'] === 'string' ? r['id'].slice(0, 64) : '';
    if (!url || !id) continue;
    out.push({
      id,
      title: typeof r['title'] === 'string' ? r['title'].slice(0, 200) : '',
      url,
      previewUrl: httpsUrl(preview['url']) ?? url,
      width: num(original['width']),
      height: num(original['height']),
    });
  }
  return out;
}

/** Searches GIPHY with the server's key (never sent to a browser). */
export async function searchGiphy(config: GiphyConfig, query: string, fetchFn: typeof fetch = fetch): Promise<GifResult[]> {
  const url = new URL(`${config.baseUrl}/v1/gifs/search`);
  url.searchParams.set('api_key', config.apiKey);
  url.searchParams.set('q', query);
  url.searchParams.set('limit', String(GIF_RESULTS_LIMIT));
  url.searchParams.set('rating', 'g');
  let res: Response;
  try {
    res = await fetchFn(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(GIPHY_TIMEOUT_MS) });
  } catch (e) {
    throw new GifProviderError(`The GIF provider could not be reached (${(e as Error).name === 'TimeoutError' ? 'timed out' : 'network error'})`);
  }
  if (!res.ok) throw new GifProviderError(`The GIF provider answered ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new GifProviderError('The GIF provider answered something that is not JSON');
  }
  return parseGiphyResults(body);
}
