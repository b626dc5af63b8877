import { useEffect, useMemo, useState } from 'react';
import type { EditorContext } from '../actions/context';
import type { ApiClient } from '../api/client';
import { layerFromSource } from '../media/media-layer';
import type { EditorState } from '../state/editor-store';
import { searchGifs } from './gif-api';
import type { GifResult } from './gif-api';
import { createGifSearch, INITIAL_GIF_SEARCH } from './gif-search-state';
import { GifSearchPanel } from './GifSearchPanel';

/** Applies a picked GIF: a new giphy layer, or the open layer's src as ONE edit. */
export function applyPickedGif(ctx: EditorContext, request: NonNullable<EditorState['gifSearch']>, result: Pick<GifResult, 'url'>): void {
  if (request.layerId === null) {
    const project = ctx.store.project;
    if (!project) return;
    const layer = layerFromSource(project, { type: 'giphy', src: result.url }, request.at, ctx.now());
    ctx.live.edit({ kind: 'add-layer', layer });
    ctx.live.select(layer.id);
    return;
  }
  const layer = ctx.store.project?.layers.find((l) => l.id === request.layerId);
  if (!layer || layer.type !== 'giphy') return;
  ctx.live.edit({ kind: 'update-layer', id: layer.id, patch: { content: { src: result.url } } });
}

/** The open GIF search, wired to the api and the editor. */
export function GifSearchHost({ ctx, api, request }: { ctx: EditorContext; api: Pick<ApiClient, 'request'>; request: NonNullable<EditorState['gifSearch']> }) {
  const [view, setView] = useState(INITIAL_GIF_SEARCH);
  const search = useMemo(
    () =>
      createGifSearch({
        search: (q) => searchGifs(api, q),
        setTimer: (run, ms) => window.setTimeout(run, ms),
        clearTimer: (h) => window.clearTimeout(h as number),
        onChange: setView,
      }),
    [api],
  );
  useEffect(() => () => search.dispose(), [search]);
  const close = () => (ctx.store.gifSearch = null);
  const isNew = request.layerId === null;
  return (
    <GifSearchPanel
      view={view}
      title={isNew ? 'Add a GIF layer' : 'Change the GIF'}
      onQuery={search.type}
      onSubmit={search.submit}
      onPick={(result) => {
        applyPickedGif(ctx, request, result);
        close();
      }}
      onUseAddress={
        isNew
          ? () => {
              ctx.store.gifSearch = null;
              ctx.store.addDialog = { type: 'giphy', at: request.at };
            }
          : undefined
      }
      onClose={close}
    />
  );
}
