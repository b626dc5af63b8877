/**
 * The runner page user code runs in (HTML layers, p5.js sketches, AI-generated code), served only
 * from the sandbox origin and framed with `sandbox="allow-scripts"` by the studio. The page names
 * the one studio origin it trusts (its messages are accepted only from that parent); its scripts
 * are assets/loop-guard.js and assets/runner.js, served beside it.
 */
export function runnerPage(parentOrigin: string): string {
  const escaped = parentOrigin.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Beamstage runner</title>
<meta name="beamstage-parent" content="${escaped}">
<style>html,body{margin:0;width:100%;height:100%;overflow:hidden;background:transparent}</style>
<script src="/loop-guard.js"></script><script src="/runner.js"></script></head><body></body></html>`;
}

/**
 * CSP of the runner. frame-ancestors: only the studio origin it was served for. Scripts: its own
 * (runner, guard, p5) and the user's inline code; https media for sketches and HTML layers; no
 * nested frames; connect-src https only (the studio's api is never https from a user frame in
 * development, and in production the frame's opaque origin gets no credentialed CORS answer).
 */
export function runnerCsp(parentOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' https:",
    "style-src 'unsafe-inline' https:",
    "img-src 'self' https: data: blob:",
    'media-src https: data: blob:',
    'font-src https: data:',
    'connect-src https:',
    "frame-src 'none'",
    "child-src 'none'",
    "worker-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${parentOrigin}`,
  ].join('; ');
}
