import type { DocPage } from './doc-pages';

// "Embed and extend": render-core for developers of other tools, the <beamstage-player> for site
// owners. The studio's own address goes into the examples, so a self-hosted studio shows its own.
const studio = typeof window === 'undefined' ? 'https://studio.example' : window.location.origin;
const studioWs = studio.replace(/^http/, 'ws');

const DESCRIPTION_FIELDS: readonly (readonly [string, string])[] = [
  ['width, height', 'Output size in pixels; the canvas is sized to it.'],
  ['background', 'CSS colour: #rrggbb, #rrggbbaa, rgb(…) or transparent.'],
  ['items', 'Layers, the first drawn at the bottom.'],
  ['item.id', 'A stable string per layer (caches key on it).'],
  [
    'item.source',
    'image {url}, bitmap {bitmap, version}, video {element}, shader {fragmentSrc, uniforms}, color {color} or pattern {grid | crosshair | bars | white}.',
  ],
  ['item.width, item.height', 'Pixels, before scale.'],
  ['item.x, item.y', 'The centre, in output pixels (origin top-left).'],
  ['item.scaleX, item.scaleY', 'Factors, default 1.'],
  ['item.rotation', 'Degrees clockwise about the centre, default 0.'],
  ['item.opacity', '0 to 1, default 1.'],
  ['item.blendMode', 'One of the 27 blend modes; an unknown name draws as normal.'],
  [
    'item.warp',
    'corners: four points (top-left, top-right, bottom-right, bottom-left) in output pixels, a true perspective warp; or mesh: rows × cols points, bicubic or bilinear.',
  ],
  ['item.mask', '{itemId, invert, feather in pixels}: another item’s luminance.'],
  ['item.filters', 'brightness, contrast, saturate (factors), hueRotate (degrees), grayscale, invert, sepia (0 to 1).'],
];

const ATTRIBUTES: readonly (readonly [string, string])[] = [
  ['project', 'The published project’s id (required). Changing it loads the other project.'],
  ['autoplay', 'Plays the timeline as soon as the show is loaded; without it the show waits at the start.'],
  ['loop', 'Starts the timeline again at its end; without it playback stops on the last frame.'],
  ['muted', 'No sound from the show: every video and stream layer plays muted (browsers also keep sound off until the visitor interacts with the page).'],
  ['controls', 'A small play and pause button in the corner (off by default).'],
];

const CSP_LINES = [`script-src ${studio} 'wasm-unsafe-eval'`, `connect-src ${studio} ${studioWs}`, `img-src ${studio}`, `media-src ${studio}`];

const MESH_EXAMPLE = `import { createMeshPoints, createRenderer } from '@beamstage/render-core';

// A 3 x 3 mesh over the whole 800 x 600 output; pull the centre point to bulge the image.
const points = createMeshPoints(3, 3, 0, 0, 800, 600);
points[4] = { x: 430, y: 340 };
const renderer = createRenderer(canvas);
renderer.render({
  width: 800, height: 600, background: '#000000',
  items: [{ id: 'dome', source: { kind: 'image', url: 'sky.jpg' }, width: 800, height: 600, x: 400, y: 300,
    warp: { kind: 'mesh', rows: 3, cols: 3, points, interpolation: 'bicubic' } }],
});`;

const DOM_EXAMPLE = `import { applyCornersStyle, cornersToMatrix3d } from '@beamstage/render-core';

// An HTML element on the same corners as a canvas layer: position it at the canvas origin.
const corners = [{ x: 100, y: 80 }, { x: 700, y: 120 }, { x: 650, y: 540 }, { x: 140, y: 500 }];
panel.style.position = 'absolute';
panel.style.left = '0'; panel.style.top = '0';
panel.style.width = '320px'; panel.style.height = '240px';
applyCornersStyle(panel, 320, 240, corners);   // writes transform only when something changed
console.log(cornersToMatrix3d(320, 240, corners)); // "matrix3d(…)", the same homography as WebGL`;

/** The "Embed and extend" documentation page. */
export const EMBED_PAGE: DocPage = {
  path: 'embed-and-extend',
  title: 'Embed and extend',
  section: 'Reference',
  body: (
    <>
      <p className="prose__lead">Put a published show in any web page with one snippet, or build Beamstage’s renderer into your own tool.</p>

      <h2>The player, for site owners</h2>
      <p>
        Publish the project in the editor, press <strong>Copy embed code</strong> next to <em>Open projector</em>, and paste the snippet into your page. The
        show fits the width of its box and keeps the project’s shape, with black bars where the box is another shape. Give the element a width (or a width and a
        height) in your own CSS.
      </p>
      <pre>
        <code>{`<script type="module" src="${studio}/embed/player.js"></script>\n<beamstage-player project="YOUR_PROJECT_ID" autoplay muted loop></beamstage-player>`}</code>
      </pre>
      <table className="doc-table">
        <thead>
          <tr>
            <th>Attribute</th>
            <th>What it does</th>
          </tr>
        </thead>
        <tbody>
          {ATTRIBUTES.map(([name, meaning]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        A project published with real-time sync follows the editors’ changes live. The player shows only what the published project shows, never drafts or
        history. Layers that run code of their own (HTML, p5.js) run only in frames from the studio’s separate sandbox origin, never in your page, and only on
        sites the studio allows: whoever runs the studio lists your site’s origin in its <code>SANDBOX_PARENT_ORIGINS</code> setting. On any other page those
        layers stay blank and the rest of the show plays. When it cannot play it says why inside its box (<em>Show not found</em>,{' '}
        <em>This show is no longer published</em>, <em>The show cannot be reached</em>) and leaves the rest of your page alone.
      </p>
      <h3>Events</h3>
      <ul>
        <li>
          <code>ready</code>: the show is on screen; <code>event.detail</code> has <code>projectId</code>, <code>name</code>, <code>width</code>,{' '}
          <code>height</code> and <code>live</code>.
        </li>
        <li>
          <code>error</code>: it cannot play; <code>event.detail.message</code> is the reason (<code>Failed to fetch public project</code> when the server
          cannot be reached, <code>Invalid response format</code>, or the server’s own text such as <code>Project not found</code>) and{' '}
          <code>event.detail.status</code> the HTTP status (0 when unreachable).
        </li>
      </ul>
      <p>
        The element also has <code>play()</code>, <code>pause()</code>, <code>playing</code> and <code>currentTime</code> (milliseconds).
      </p>
      <h3>Content-Security-Policy</h3>
      <p>If your page sends a Content-Security-Policy, add the studio to these directives (keep your own sources beside it):</p>
      <pre>
        <code>{CSP_LINES.join(';\n')}</code>
      </pre>
      <p>
        <code>wasm-unsafe-eval</code> lets a live show compile its sync engine (WebAssembly, not script <code>eval</code>); add to <code>img-src</code> any
        other host your project’s images and GIFs come from, to <code>media-src</code> the hosts of its videos and streams, and to <code>frame-src</code> the
        web pages its URL layers show and, where the studio allows your site to run HTML and p5.js layers, the studio’s sandbox origin (the{' '}
        <code>sandboxOrigin</code> of <code>{`${studio}/api/config`}</code>). The player styles itself without inline styles, so <code>style-src</code> needs
        nothing.
      </p>

      <h2>render-core, for developers</h2>
      <p>
        <code>@beamstage/render-core</code> is the compositor the editor, the projector and the player draw with: WebGL2 on <code>twgl.js</code>, corner-pin and
        mesh warps, masks, 27 blend modes and filters, as an ES module with TypeScript types. The maths (homographies, meshes, blend tables) also runs in Node.
      </p>
      <pre>
        <code>{`npm install @beamstage/render-core\n# or from a tarball: in a Beamstage checkout\nnpx nx run render-core:build && npm pack libs/render-core/dist\nnpm install ./beamstage-render-core-0.1.0.tgz`}</code>
      </pre>
      <h3>The render description</h3>
      <p>
        Each frame is one plain object; <code>renderer.render(description, timeMs)</code> draws it (<code>timeMs</code> drives a shader’s <code>time</code>, in
        seconds inside GLSL). Images draw again by themselves when they arrive; <code>await renderer.whenIdle()</code> waits for them.
      </p>
      <table className="doc-table">
        <thead>
          <tr>
            <th>Field</th>
            <th>Unit and meaning</th>
          </tr>
        </thead>
        <tbody>
          {DESCRIPTION_FIELDS.map(([name, meaning]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>A mesh warp</h3>
      <pre>
        <code>{MESH_EXAMPLE}</code>
      </pre>
      <h3>DOM layers with cornersToMatrix3d</h3>
      <p>
        HTML content (a web page in an iframe, a text panel) follows the same corners through a CSS <code>matrix3d</code>, so it lines up with the WebGL layers
        exactly.
      </p>
      <pre>
        <code>{DOM_EXAMPLE}</code>
      </pre>
    </>
  ),
};
