// The editor's side of GET /api/gifs/search (apps/api/src/routes/api/gifs): the answer is rebuilt
// from known fields only, because whatever the provider sent passed through the api to here.
import { ApiError } from '../api/client';
import type { ApiClient } from '../api/client';

/** One search result as the panel shows it. */
export interface GifResult {
  readonly id: string;
  readonly title: string;
  /** The animated image a giphy layer plays (https only). */
  readonly url: string;
  /** A small animated preview for the grid (https only). */
  readonly previewUrl: string;
  readonly width: number;
  readonly height: number;
}

export interface GifSearchAnswer {
  readonly results: readonly GifResult[];
  readonly attribution: string;
}

/** The provider's terms: results always carry this line (design.md section 3). */
export const GIF_ATTRIBUTION = 'Powered by GIPHY';
/** The api's 503 text, shown as it is. */
export const GIF_NOT_CONFIGURED = 'GIF search is not configured';
/** What the panel shows when the per-minute search limit is reached (429). */
export const GIF_RATE_LIMITED = 'Too many GIF searches: wait a minute and try again';
/** The api refuses longer queries (GIF_QUERY_MAX_CHARS there). */
export const GIF_QUERY_MAX_CHARS = 100;
/** The api answers at most this many; anything past it is dropped. */
export const GIF_RESULTS_MAX = 24;

const TEXT_MAX = 200;
const URL_MAX = 2048;

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** An https address of reasonable length, or null. */
export function httpsAddress(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > URL_MAX) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const size = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.min(Math.round(v), 100_000) : 0);

/** The answer of a search, from untrusted JSON: entries without an id or an https image are dropped, texts capped. */
export function parseGifSearch(body: unknown): GifSearchAnswer {
  const raw = record(body)['results'];
  const results: GifResult[] = [];
  const seen = new Set<string>();
  for (const item of Array.isArray(raw) ? raw.slice(0, GIF_RESULTS_MAX) : []) {
    const r = record(item);
    const id = typeof r['id'] === 'string' ? r['id'].slice(0, 64) : '';
    const url = httpsAddress(r['url']);
    if (!id || !url || seen.has(id)) continue;
    seen.add(id);
    results.push({
      id,
      title: typeof r['title'] === 'string' ? r['title'].slice(0, TEXT_MAX) : '',
      url,
      previewUrl: httpsAddress(r['previewUrl']) ?? url,
      width: size(r['width']),
      height: size(r['height']),
    });
  }
  // Whatever the server says, the attribution the provider requires is what is shown.
  return { results, attribution: GIF_ATTRIBUTION };
}

/** The text a failed search shows: the api's own words, the rate limit in plain words. */
export function gifErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return GIF_RATE_LIMITED;
    return error.message.slice(0, TEXT_MAX);
  }
  return 'GIF search failed: the studio could not be reached';
}

/** Whether a failure means the server has no GIF provider (503). */
export function isNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

/** Searches through the api (the provider's key never reaches the browser). */
export async function searchGifs(api: Pick<ApiClient, 'request'>, query: string): Promise<GifSearchAnswer> {
  const q = query.trim().slice(0, GIF_QUERY_MAX_CHARS);
  return parseGifSearch(await api.request<unknown>('GET', `/gifs/search?q=${encodeURIComponent(q)}`));
}
