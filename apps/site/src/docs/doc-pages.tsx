import type { ReactNode } from 'react';
import { EDITOR_SHORTCUTS } from './editor-shortcuts.gen';
import { EMBED_PAGE } from './embed-page';
import { SELF_HOSTING_PAGE } from './self-hosting-page';

export interface DocPage {
  /** Path under /documentation/, '' for the index. */
  readonly path: string;
  readonly title: string;
  readonly section: string;
  readonly body: ReactNode;
}

/** The editor's shortcuts, read from the table generated from its action registry. */
function ShortcutTables() {
  return (
    <>
      {EDITOR_SHORTCUTS.map((section) => (
        <table className="doc-table doc-table--shortcuts" key={section.title}>
          <thead>
            <tr>
              <th>{section.title}</th>
              <th>Keys</th>
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.label}>
                <td>{row.label}</td>
                <td>
                  {row.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 ? ' or ' : ''}
                      <kbd>{k}</kbd>
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </>
  );
}

/** The documentation pages, in sidebar order. */
export const DOC_PAGES: readonly DocPage[] = [
  {
    path: '',
    title: 'Beamstage documentation',
    section: 'Start here',
    body: (
      <>
        <p className="prose__lead">
          Everything you need to map light onto real surfaces with Beamstage: from your first layer to running a show from a venue machine.
        </p>
        <div className="doc-cards">
          <a className="doc-card" href="/documentation/getting-started">
            <strong>Getting started</strong>
            <span>Create a project and see it on a projector in five minutes.</span>
          </a>
          <a className="doc-card" href="/documentation/tutorials/overview">
            <strong>Tutorials</strong>
            <span>Step-by-step guides for façades, stages and installations.</span>
          </a>
          <a className="doc-card" href="/documentation/projector">
            <strong>The projector</strong>
            <span>Turn any browser into a playback output.</span>
          </a>
          <a className="doc-card" href="/documentation/self-hosting">
            <strong>Self-hosting</strong>
            <span>Run the whole studio on your own server.</span>
          </a>
        </div>
      </>
    ),
  },
  {
    path: 'getting-started',
    title: 'Getting started',
    section: 'Start here',
    body: (
      <>
        <p className="prose__lead">Create a project, add an image, warp it onto a surface and open it on a projector.</p>
        <h2>1. Create a project</h2>
        <p>
          Sign in and open the <a href="/dashboard">dashboard</a>. Click <strong>New project</strong>: you land in the editor with an empty 800×600 canvas.
        </p>
        <h2>2. Add a layer</h2>
        <p>
          Click <strong>Add image</strong> to place a sample image in the middle of the canvas. It appears in the layer list on the left; the topmost layer
          draws last.
        </p>
        <h2>3. Save and publish</h2>
        <p>
          Click <strong>Save</strong> (or press Ctrl+S). Turn on <strong>Publish</strong> so the projector can load the project without signing in.
        </p>
        <h2>4. Open the projector</h2>
        <p>
          Click <strong>Open projector</strong>. Drag that window onto the projector’s display and press F11. It shows exactly what the editor canvas shows, on
          black, with no interface.
        </p>
      </>
    ),
  },
  {
    path: 'tutorials/overview',
    title: 'Tutorials',
    section: 'Guides',
    body: (
      <>
        <p className="prose__lead">Hands-on guides that build real shows, one technique at a time.</p>
        <h2>Your first façade</h2>
        <p>Photograph the building from the projector’s position, use it as a reference layer, and corner-pin each architectural element to its own layer.</p>
        <h2>Masks for windows and doors</h2>
        <p>Draw a freehand mask over areas that must stay dark. Masks always subtract, and can be inverted or feathered.</p>
        <h2>Animating with the timeline</h2>
        <p>Keyframe opacity, position, scale and warp points; place scenes on the timeline and blend them with transitions.</p>
        <h2>Live code layers</h2>
        <p>Write a GLSL fragment shader or a p5.js sketch. Code runs in a sandboxed frame so a broken sketch never takes the show down.</p>
      </>
    ),
  },
  {
    path: 'projector',
    title: 'The projector',
    section: 'Guides',
    body: (
      <>
        <p className="prose__lead">
          The projector is a playback-only page at <code>/projector/&#123;project id&#125;</code>. Any browser can be one.
        </p>
        <h2>Requirements</h2>
        <ul>
          <li>The project is published (the Publish toggle in the editor).</li>
          <li>A browser with WebGL2: any current Chrome, Edge, Firefox or Safari.</li>
        </ul>
        <h2>On the venue machine</h2>
        <ol>
          <li>Open the projector link and drag the window to the projector’s display.</li>
          <li>Press F11 for fullscreen. The cursor hides and the background is black.</li>
          <li>Once loaded, playback continues if the network drops.</li>
        </ol>
        <p>If the project is missing or unpublished, the projector says so instead of showing a black screen.</p>
      </>
    ),
  },
  {
    path: 'editor',
    title: 'The editor',
    section: 'Reference',
    body: (
      <>
        <p className="prose__lead">The editor is one workspace: everything you can do is a command with a name, and most have a key.</p>
        <h2>The workspace</h2>
        <ul>
          <li>
            <strong>Top bar</strong>: the project name, save and live status, undo and redo, <em>+ Add</em> for every layer type, the command palette, the
            shortcut list, Save, Publish and the projector link.
          </li>
          <li>
            <strong>Left dock</strong>: the layers of the project, front first. Scenes and assets get their own tabs.
          </li>
          <li>
            <strong>Stage</strong>: the output as the projector draws it. Select a layer to drag it or its corners.
          </li>
          <li>
            <strong>Inspector</strong>: the selected layer’s settings, or the canvas settings when nothing is selected.
          </li>
          <li>
            <strong>Status bar</strong>: canvas size, zoom, number of layers, what is selected and the connection.
          </li>
        </ul>
        <p>
          Drag the thin separators to resize the dock, the inspector and the timeline; double-click one to collapse its panel. The layout is remembered by your
          browser and is never part of the project.
        </p>
        <h2>Commands and the palette</h2>
        <p>
          Press <kbd>Ctrl+K</kbd> (<kbd>⌘K</kbd> on a Mac) and type to find any command, then Enter to run it. Press <kbd>?</kbd> to see every shortcut.
          Shortcuts are ignored while you type in a field; <kbd>Ctrl+S</kbd> saves from anywhere.
        </p>
        <h2 id="shortcuts">Keyboard shortcuts</h2>
        <ShortcutTables />
      </>
    ),
  },
  {
    path: 'shortcuts',
    title: 'Keyboard shortcuts',
    section: 'Reference',
    body: (
      <>
        <p className="prose__lead">Shortcuts work while the stage has focus and are ignored while you type in a field. On a Mac, Ctrl is ⌘ except in Ctrl+Y.</p>
        <ShortcutTables />
      </>
    ),
  },
  EMBED_PAGE,
  SELF_HOSTING_PAGE,
];

/** Finds a documentation page by its path under /documentation/. */
export function findDocPage(path: string): DocPage | undefined {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return DOC_PAGES.find((page) => page.path === clean);
}
