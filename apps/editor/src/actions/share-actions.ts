import type { Action } from './action';
import type { EditorContext } from './context';

/** Sharing the project with other people (share/ShareDialog): the top bar's Share button and the palette. */
export const shareActions: readonly Action<EditorContext>[] = [
  {
    id: 'project.share',
    viewer: true,
    label: 'Share',
    group: 'file',
    icon: '⇪',
    keywords: ['members', 'invite', 'people', 'collaborators', 'access', 'role', 'leave'],
    // Anyone who opened the project may look: the owner manages, members read the list and may leave.
    enabled: (ctx) => ctx.store.project !== null,
    perform: (ctx) => {
      ctx.store.shareOpen = !ctx.store.shareOpen;
    },
  },
];
