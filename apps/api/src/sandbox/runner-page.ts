/**
 * The runner page user code will run in (HTML layers, p5.js, AI code), served only from the
 * sandbox origin inside `sandbox="allow-scripts"` frames. For now it renders HTML sent by the
 * parent through a validated postMessage and answers heartbeats.
 */
export function runnerPage(appOrigin: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Beamstage runner</title>
<style>html,body{margin:0;width:100%;height:100%;overflow:hidden;background:transparent}</style></head><body>
<script>
(function () {
  var APP_ORIGIN = ${JSON.stringify(appOrigin)};
  function send(msg) { parent.postMessage(msg, APP_ORIGIN); }
  window.addEventListener('message', function (event) {
    if (event.origin !== APP_ORIGIN || event.source !== parent) return;
    var msg = event.data;
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') return;
    if (msg.type === 'beamstage:ping') send({ type: 'beamstage:pong', id: msg.id });
    if (msg.type === 'beamstage:html' && typeof msg.html === 'string') {
      document.open(); document.write(msg.html); document.close();
    }
  });
  send({ type: 'beamstage:ready' });
})();
</script></body></html>`;
}

/** CSP of the runner: it may only be framed by the app origin. */
export function runnerCsp(appOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline' 'unsafe-eval' https: blob:",
    "style-src 'unsafe-inline' https:",
    'img-src https: data: blob:',
    'media-src https: data: blob:',
    'font-src https: data:',
    'connect-src https:',
    `frame-ancestors ${appOrigin}`,
  ].join('; ');
}
