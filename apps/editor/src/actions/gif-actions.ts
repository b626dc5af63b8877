import type { Action } from './action';
import { canEdit, selectedLayer } from './context';
import type { EditorContext } from './context';

/** Search GIFs for the selected GIF layer (the inspector's button runs the same; gifs/GifSearchHost.tsx). */
export const gifActions: readonly Action<EditorContext>[] = [
  {
    id: 'layer.search-gifs',
    label: 'Search GIFs for this layer',
    group: 'layer',
    icon: 'GIF',
    keywords: ['giphy', 'gif', 'search', 'animated', 'source'],
    enabled: (ctx) => canEdit(ctx) && selectedLayer(ctx)?.type === 'giphy',
    perform: (ctx) => {
      const layer = selectedLayer(ctx);
      if (layer?.type === 'giphy') ctx.store.gifSearch = { layerId: layer.id, at: null };
    },
  },
];
