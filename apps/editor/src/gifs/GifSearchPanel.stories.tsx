import type { GifResult } from './gif-api';
import { GIF_ATTRIBUTION, GIF_NOT_CONFIGURED, GIF_RATE_LIMITED } from './gif-api';
import type { GifSearchView } from './gif-search-state';
import { GifSearchPanel } from './GifSearchPanel';

// Stand-in previews (the real ones are the provider's animated GIFs, which stories cannot fetch).
const swatch = (hue: number) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="hsl(${hue} 80% 45%)"/><circle cx="80" cy="50" r="30" fill="hsl(${(hue + 180) % 360} 90% 60%)"/></svg>`)}`;
const RESULTS: GifResult[] = Array.from({ length: 9 }, (_, i) => ({
  id: `g${i}`,
  title: `Neon ${i + 1}`,
  url: swatch(i * 40),
  previewUrl: swatch(i * 40),
  width: 480,
  height: 300,
}));

function Harness({ view, existing }: { view: GifSearchView; existing?: boolean }) {
  return (
    <GifSearchPanel
      view={view}
      title={existing ? 'Change the GIF' : 'Add a GIF layer'}
      onQuery={() => undefined}
      onSubmit={() => undefined}
      onPick={() => undefined}
      onUseAddress={existing ? undefined : () => undefined}
      onClose={() => undefined}
    />
  );
}

export default { title: 'Editor/GIF search', component: Harness };

const base: GifSearchView = { query: 'neon', status: 'idle', results: [], attribution: '', error: null };

export const Results = { args: { view: { ...base, status: 'results', results: RESULTS, attribution: GIF_ATTRIBUTION } } };
export const Empty = { args: { view: { ...base, query: 'zzzzqx', status: 'empty' } } };
export const NotConfigured = { args: { view: { ...base, status: 'not-configured', error: GIF_NOT_CONFIGURED } } };
export const RateLimited = { args: { view: { ...base, status: 'error', error: GIF_RATE_LIMITED } } };
export const ProviderError = { args: { view: { ...base, status: 'error', error: 'GIF search failed' } } };
export const ChangingALayer = { args: { existing: true, view: { ...base, query: '', status: 'idle' } } };
