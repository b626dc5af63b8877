// The projector's service worker (offline shows). Plain script, served as-is from
// /app/projector/projector-sw.js with `Service-Worker-Allowed: /projector/`, registered with the
// /projector/ scope. It keeps what a show needs to start again with the server or the network gone:
// the projector app, the project's last public JSON and its media. The page tells it what to keep
// ({type: 'cache-project'}), with the project as the wall shows it; nothing is guessed. Each project's cache is versioned by the content
// of what it holds: a new version is filled completely before the old one is deleted.
const APP_CACHE = 'beamstage-projector-app-v1';
const PROJECT_PREFIX = 'beamstage-projector-project-';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('beamstage-projector-app-') && key !== APP_CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

const isApp = (url) => url.origin === self.location.origin && (url.pathname.startsWith('/app/projector/') || url.pathname.startsWith('/projector/'));
const isPublicJson = (url) => url.origin === self.location.origin && url.pathname === '/api/projects/public';

/** Network first (the show follows edits), the cached copy when the network or the server is gone. */
async function networkFirst(request, cacheName, key, ignoreSearch = false) {
  try {
    const response = await fetch(request);
    if (response.ok && cacheName) {
      const cache = await caches.open(cacheName);
      await cache.put(key ?? request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = (key ? await caches.match(key, { ignoreVary: true }) : undefined) ?? (await caches.match(request, { ignoreVary: true, ignoreSearch }));
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.pathname === '/sync') return;
  if (request.mode === 'navigate' && url.pathname.startsWith('/projector/')) {
    // Every projector path is the same page: one cached copy answers them all offline (?label= and
    // ?fullscreen do not change the page).
    event.respondWith(networkFirst(request, APP_CACHE, '/projector/', true));
    return;
  }
  if (isApp(url) && url.pathname.includes('/assets/')) {
    // Content-hashed: a cached copy is always right.
    event.respondWith(caches.match(request, { ignoreVary: true }).then((hit) => hit ?? networkFirst(request, APP_CACHE)));
    return;
  }
  if (isPublicJson(url)) {
    event.respondWith(networkFirst(request, null));
    return;
  }
  // Media a project cache holds (images, videos, masks, GIFs): the network first, the cache offline.
  event.respondWith(
    fetch(request).catch(async (error) => {
      const cached = await caches.match(request, { ignoreVary: true });
      if (cached) return cached;
      throw error;
    }),
  );
});

/**
 * Fills a project's cache with every URL the page named and the project itself (the page sends
 * what the wall shows, live edits included, as the body of the public JSON); answers what could not
 * be kept. App files and media already in a cache are copied, not fetched again: a live edit
 * refills the cache and must not download every video again.
 */
async function cacheProject(projectId, version, urls, project) {
  const name = `${PROJECT_PREFIX}${projectId}-${version}`;
  const cache = await caches.open(name);
  const failed = [];
  if (project) {
    await cache.put(project.url, new Response(project.body, { headers: { 'content-type': 'application/json; charset=utf-8' } }));
  }
  for (const url of urls) {
    try {
      const target = new URL(url, self.location.href);
      const isPage = target.origin === self.location.origin && target.pathname.startsWith('/projector/');
      // Any cache's copy will do: app files are content-hashed, and a media address names one file.
      const kept = isPage ? undefined : await caches.match(url, { ignoreVary: true });
      if (kept) {
        await cache.put(url, kept);
        continue;
      }
      const cors = target.origin !== self.location.origin;
      const response = await fetch(url, { mode: cors ? 'cors' : 'same-origin', credentials: 'omit', cache: 'no-cache' });
      if (!response.ok) throw new Error(String(response.status));
      await cache.put(url, response);
    } catch {
      failed.push(url);
    }
  }
  if (failed.length === 0) {
    // Complete: older versions of this project go.
    for (const key of await caches.keys()) if (key.startsWith(`${PROJECT_PREFIX}${projectId}-`) && key !== name) await caches.delete(key);
  }
  return failed;
}

// One fill at a time per project (two projector tabs of one project share this worker): a fill
// that finished late must not delete the newer version another one just completed.
const queues = new Map();

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-project' || typeof data.projectId !== 'string' || !Array.isArray(data.urls)) return;
  const port = event.ports && event.ports[0];
  const project =
    data.project && typeof data.project.url === 'string' && data.project.url.startsWith('/api/projects/public?') && typeof data.project.body === 'string'
      ? data.project
      : null;
  const previous = queues.get(data.projectId) ?? Promise.resolve();
  const run = previous
    .catch(() => {})
    .then(() =>
      cacheProject(
        data.projectId,
        String(data.version),
        data.urls.filter((u) => typeof u === 'string'),
        project,
      ),
    )
    .then((failed) => port && port.postMessage({ type: 'cached', failed }))
    .catch((error) => port && port.postMessage({ type: 'cached', failed: data.urls, error: String(error) }));
  queues.set(data.projectId, run);
  event.waitUntil(run);
});
