import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

// The api serves the editor at /dashboard, /editor/*, /sign-in...; `vite dev` serves it under the base.
const base = import.meta.env.BASE_URL.replace(/\/$/, '');
const basepath = base && window.location.pathname.startsWith(base) ? base : '/';

export const router = createRouter({ routeTree, basepath, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
