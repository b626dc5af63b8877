import type { SpaName } from './spa-routes';

/** The 503 page for an SPA whose dist folder is missing. */
export function unavailablePage(app: SpaName): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Beamstage · ${app} not built</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#0b0d17;color:#e8eaf6}
main{max-width:520px;padding:32px;border-radius:16px;background:#141827;border:1px solid #2a3050}code{background:#0e1120;padding:2px 6px;border-radius:6px}</style></head>
<body><main><h1>The ${app} app is not built</h1><p>apps/${app}/dist is missing, so this page cannot be served yet.</p>
<p>Run <code>npm start</code> (it builds the apps) or <code>npx nx run ${app}:build</code>, then reload.</p></main></body></html>`;
}
