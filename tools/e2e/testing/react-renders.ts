// Which React components render, counted in the built (production) editor through the hook React
// calls on every commit (the one React DevTools installs): each component that rendered in a commit
// is named by the first DOM element it draws (its data-testid, else its class, else its tag), since
// a production build's component names are minified.
import type { Page } from '@playwright/test';

/** Installs the hook before any script of the page runs. Recording starts with startRenders. */
export async function installRenderCounter(page: Page): Promise<void> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await page.addInitScript(`(() => {
    const w = window;
    w.__renders = null;
    // Function, class, forwardRef and memo components.
    const COMPONENT = new Set([0, 1, 11, 14, 15]);
    const PERFORMED_WORK = 1;
    const firstHost = (fiber) => {
      // Depth-first, the first host element under the component.
      let f = fiber.child;
      const todo = [];
      while (f) {
        if (f.tag === 5 && f.stateNode && f.stateNode.getAttribute) {
          const el = f.stateNode;
          return el.getAttribute('data-testid') || (typeof el.className === 'string' && el.className.split(' ')[0]) || el.tagName.toLowerCase();
        }
        if (f.sibling) todo.push(f.sibling);
        f = f.child || todo.pop();
      }
      return '(no element)';
    };
    const walk = (fiber, out) => {
      const prev = fiber.alternate;
      if (COMPONENT.has(fiber.tag) && (prev === null || (fiber.flags & PERFORMED_WORK) !== 0)) out.push(firstHost(fiber));
      // A subtree whose children were not made again in this commit did not render.
      if (prev && fiber.child === prev.child) return;
      for (let c = fiber.child; c; c = c.sibling) walk(c, out);
    };
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
      onScheduleFiberRoot() {},
      onCommitFiberRoot(_id, root) {
        if (!w.__renders) return;
        const out = [];
        walk(root.current, out);
        w.__renders.push(out);
      },
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  })()`);
}

/** Starts (or restarts) recording commits. */
export async function startRenders(page: Page): Promise<void> {
  await page.evaluate(() => void ((window as unknown as { __renders: string[][] | null }).__renders = []));
}

/** The commits recorded since startRenders: for each, the components that rendered, by name. */
export async function takeRenders(page: Page): Promise<string[][]> {
  return page.evaluate(() => {
    const w = window as unknown as { __renders: string[][] | null };
    const taken = w.__renders ?? [];
    w.__renders = null;
    return taken;
  });
}
