import { mediaErrorDetail } from './media-element';

/** A fetch as the probe needs it (the browser's, or a test's). */
export type Probe = (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;

const PROBE_TIMEOUT_MS = 5_000;

/**
 * Why a video failed, in words for the layer's badge. Chromium reports a file that is missing
 * (404) or refused (403) with the same code as a format it cannot decode ("source not supported"),
 * so for that code the address is asked once more (HEAD) and a server's refusal or an unreachable
 * host is named instead of blaming the codec. Where the answer cannot be read (another origin
 * without CORS), both causes are named. Local bytes (blob:, data:) are there: their failure is
 * the format's.
 */
export async function explainMediaError(error: Pick<MediaError, 'code' | 'message'> | null, src: string, probe: Probe = fetch): Promise<string> {
  if (error?.code !== 4 || /^(blob|data):/i.test(src)) return mediaErrorDetail(error as MediaError | null);
  try {
    const res = await probe(src, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return res.ok ? mediaErrorDetail(error as MediaError) : `The video could not be downloaded (the server answered ${res.status})`;
  } catch {
    // Unreadable from here: another origin without CORS, or nothing there at all.
  }
  try {
    await probe(src, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return 'The video could not be played: the file may be missing on its server, or this browser cannot decode its format (convert it to H.264 MP4 or WebM)';
  } catch {
    return 'The video could not be downloaded (its address cannot be reached)';
  }
}
