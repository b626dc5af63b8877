import type { Action } from './action';
import type { EditorContext } from './context';

const hasProject = (ctx: EditorContext) => ctx.store.project !== null && !!ctx.files && !ctx.files.busy();

/** Import, export and backups (spec sections 4 and 9). */
export const fileActions: readonly Action<EditorContext>[] = [
  {
    id: 'file.export-zip',
    viewer: true,
    label: 'Export project as zip',
    group: 'file',
    icon: '⇩',
    shortcuts: ['Mod+Shift+S'],
    whileTyping: true,
    keywords: ['download', 'archive', 'backup', 'assets'],
    enabled: hasProject,
    perform: (ctx) => ctx.files?.exportZip(),
  },
  {
    id: 'file.export-json',
    viewer: true,
    label: 'Export project as JSON',
    group: 'file',
    icon: '{}',
    keywords: ['download'],
    enabled: hasProject,
    perform: (ctx) => ctx.files?.exportJson(),
  },
  {
    id: 'file.import',
    viewer: true,
    label: 'Import project…',
    group: 'file',
    icon: '⇧',
    shortcuts: ['Mod+O'],
    whileTyping: true,
    keywords: ['open', 'zip', 'json', 'upload'],
    enabled: (ctx) => !!ctx.files && !ctx.files.busy(),
    perform: (ctx) => ctx.files?.importFile(),
  },
  {
    id: 'file.backups',
    label: 'Backups…',
    group: 'file',
    icon: '⟲',
    keywords: ['restore', 'history', 'versions', 'local'],
    enabled: (ctx) => ctx.store.project !== null && !ctx.store.viewOnly,
    perform: (ctx) => {
      ctx.store.filesDialog = ctx.store.filesDialog === 'backups' ? 'none' : 'backups';
    },
  },
];
