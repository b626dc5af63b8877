/* Beamstage sandbox runner: runs one layer's user code (HTML, p5.js sketch or script) inside a
 * sandbox="allow-scripts" frame of the sandbox origin (design.md section 4 rule 1).
 * Protocol (version 1), checked on both sides: the parent's messages must come from window.parent
 * and from the studio origin this page was served for; they are beamstage:run once. This page sends
 * beamstage:ready, beamstage:heartbeat (every second), beamstage:frame (p5: a transferred
 * ImageBitmap), beamstage:error and beamstage:log. Nested frames, objects and embeds are removed
 * (no fork bomb of frames), and loops in user code get the iteration guard of loop-guard.js. */
/* global self, window, document, parent, createImageBitmap, MutationObserver, DOMParser */
(function () {
  'use strict';
  var meta = document.querySelector('meta[name="beamstage-parent"]');
  var PARENT = meta ? meta.getAttribute('content') : '';
  var V = 1;
  var MAX_CODE = 1000000;
  var started = false;
  var guardLoops = self.__bsGuardLoops;

  function send(msg, transfer) {
    msg.v = V;
    try {
      parent.postMessage(msg, PARENT, transfer || []);
    } catch {
      /* parent gone */
    }
  }
  function fail(message, line) {
    send({ type: 'beamstage:error', message: String(message).slice(0, 2000), line: typeof line === 'number' ? line : null });
  }

  setInterval(function () {
    send({ type: 'beamstage:heartbeat', t: Date.now() });
  }, 1000);

  window.addEventListener('error', function (e) {
    fail(e.message || 'Script error', e.lineno);
  });
  window.addEventListener('unhandledrejection', function (e) {
    fail(e.reason && e.reason.message ? e.reason.message : String(e.reason));
  });
  ['log', 'info', 'warn', 'error'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      var parts = [];
      for (var k = 0; k < arguments.length; k++) {
        try {
          parts.push(typeof arguments[k] === 'string' ? arguments[k] : JSON.stringify(arguments[k]));
        } catch {
          parts.push(String(arguments[k]));
        }
      }
      send({ type: 'beamstage:log', level: level, message: parts.join(' ').slice(0, 2000) });
      if (original) original.apply(console, arguments);
    };
  });

  // No nested frames: user code cannot multiply processes (a fork bomb) or frame other pages.
  var NESTED = { IFRAME: 1, FRAME: 1, FRAMESET: 1, OBJECT: 1, EMBED: 1, PORTAL: 1, FENCEDFRAME: 1 };
  function removeNested(node) {
    if (node.nodeType !== 1) return;
    if (NESTED[node.nodeName]) {
      node.remove();
      return;
    }
    var inner = node.querySelectorAll ? node.querySelectorAll('iframe,frame,frameset,object,embed,portal,fencedframe') : [];
    for (var k = 0; k < inner.length; k++) inner[k].remove();
  }
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      r.addedNodes.forEach(removeNested);
    });
  }).observe(document.documentElement, { childList: true, subtree: true });

  function runScript(code) {
    var s = document.createElement('script');
    s.textContent = guardLoops(code);
    document.body.appendChild(s);
  }

  function runHtml(msg) {
    var style = document.createElement('style');
    style.textContent = 'html,body{background:' + (msg.background || 'transparent') + '}\n' + (msg.css || '');
    document.head.appendChild(style);
    var parsed = new DOMParser().parseFromString(msg.code, 'text/html');
    var scripts = [];
    parsed.querySelectorAll('script').forEach(function (s) {
      scripts.push(s);
      s.remove();
    });
    parsed.head.querySelectorAll('style,link').forEach(function (el) {
      document.head.appendChild(document.importNode(el, true));
    });
    Array.prototype.forEach.call(parsed.body.childNodes, function (node) {
      document.body.appendChild(document.importNode(node, true));
    });
    scripts.forEach(function (old) {
      if (old.src) {
        var ext = document.createElement('script');
        ext.src = old.src;
        ext.async = false;
        document.body.appendChild(ext);
      } else {
        runScript(old.textContent || '');
      }
    });
  }

  // A sketch's 2D canvas is kept in memory, not on the GPU. Frames of a GPU canvas travel as
  // GPU-backed bitmaps; when this frame went (the layer removed), Chromium could fail the parent
  // page's whole GPU channel ("non-existent mailbox"), so every WebGL stage of the studio page
  // lost its context (seen in libs/stage's browser tests: the stage drawn next lost it, nearly
  // every run). A bitmap of a memory canvas travels as plain memory.
  function keepCanvasesInMemory() {
    var proto = self.HTMLCanvasElement && self.HTMLCanvasElement.prototype;
    if (!proto) return;
    var getContext = proto.getContext;
    proto.getContext = function (type, options) {
      if (type !== '2d') return getContext.apply(this, arguments);
      var opts = {};
      for (var k in options || {}) opts[k] = options[k];
      opts.willReadFrequently = true;
      return getContext.call(this, type, opts);
    };
  }

  function runP5(msg) {
    keepCanvasesInMemory();
    var lib = document.createElement('script');
    lib.src = '/p5.min.js';
    lib.onerror = function () {
      fail('p5.js could not be loaded from the sandbox origin');
    };
    lib.onload = function () {
      runScript(msg.code);
      var P5 = self.p5;
      var inFlight = false;
      var interval = 1000 / Math.max(1, Math.min(60, Number(msg.frameRate) || 60));
      var last = 0;
      P5.prototype.registerMethod('post', function () {
        var canvas = document.querySelector('canvas');
        var now = Date.now();
        if (!canvas || inFlight || now - last < interval * 0.9) return;
        inFlight = true;
        last = now;
        createImageBitmap(canvas).then(
          function (bitmap) {
            inFlight = false;
            send({ type: 'beamstage:frame', bitmap: bitmap, width: bitmap.width, height: bitmap.height }, [bitmap]);
          },
          function (e) {
            inFlight = false;
            fail('Frame capture failed: ' + e.message);
          },
        );
      });
      try {
        new P5();
      } catch (e) {
        fail(e.message);
      }
    };
    document.head.appendChild(lib);
  }

  window.addEventListener('message', function (event) {
    // Only our parent, and only when it is the studio origin this page was served for.
    if (event.source !== parent || event.origin !== PARENT) return;
    var m = event.data;
    if (!m || typeof m !== 'object' || m.v !== V || m.type !== 'beamstage:run') return;
    if (started) return;
    if (m.kind !== 'html' && m.kind !== 'p5' && m.kind !== 'script') return;
    if (typeof m.code !== 'string' || m.code.length > MAX_CODE) return fail('The code is missing or larger than ' + MAX_CODE + ' characters');
    if (m.css !== undefined && typeof m.css !== 'string') return;
    if (m.background !== undefined && typeof m.background !== 'string') return;
    started = true;
    try {
      if (m.kind === 'html') runHtml(m);
      else if (m.kind === 'p5') runP5(m);
      else runScript(m.code);
    } catch (e) {
      fail(e.message);
    }
  });
  send({ type: 'beamstage:ready' });
})();
