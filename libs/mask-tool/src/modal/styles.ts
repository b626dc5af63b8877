// The modal's stylesheet, scoped by the bsm- prefix and injected once, so embedding the modal needs
// no CSS import or bundler set-up.
export const MASK_MODAL_CSS = `
.bsm-overlay{position:fixed;inset:0;z-index:1000;background:rgba(6,8,12,.72);backdrop-filter:blur(3px);display:flex;align-items:center;justify-content:center;font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#dfe5ee}
.bsm-modal{background:#171b22;border:1px solid #2a313c;border-radius:12px;box-shadow:0 24px 64px rgba(0,0,0,.55);display:flex;flex-direction:column;max-width:calc(100vw - 24px);max-height:calc(100vh - 24px);overflow:hidden}
.bsm-modal:focus{outline:none}
.bsm-header{display:flex;align-items:center;justify-content:space-between;padding:10px 14px;border-bottom:1px solid #262c36}
.bsm-title{font-size:15px;font-weight:600;margin:0;letter-spacing:.2px}
.bsm-body{display:flex;min-height:0}
.bsm-side{width:252px;flex:none;padding:12px;border-right:1px solid #262c36;display:flex;flex-direction:column;gap:14px;overflow:auto}
.bsm-group{display:flex;flex-direction:column;gap:6px}
.bsm-group-title{font-size:11px;text-transform:uppercase;letter-spacing:.08em;color:#7d8898;margin:0}
.bsm-row{display:flex;gap:6px;flex-wrap:wrap;align-items:center}
.bsm-btn{display:inline-flex;align-items:center;gap:6px;height:32px;padding:0 10px;border-radius:7px;border:1px solid #2f3744;background:#1f252f;color:#dfe5ee;cursor:pointer;font:inherit}
.bsm-btn:hover:not(:disabled){background:#283040;border-color:#3b4656}
.bsm-btn:disabled{opacity:.42;cursor:not-allowed}
.bsm-btn[aria-pressed="true"]{background:#1d3a5c;border-color:#3da5ff;color:#fff}
.bsm-btn.bsm-icon-only{width:32px;padding:0;justify-content:center}
.bsm-btn.bsm-danger:hover:not(:disabled){background:#4a1e24;border-color:#d9534f}
.bsm-btn.bsm-primary{background:#2f7fd8;border-color:#3d8fe8;color:#fff}
.bsm-btn.bsm-primary:hover:not(:disabled){background:#3a8ce6}
.bsm-x{background:none;border:none;color:#98a3b3;font-size:20px;cursor:pointer;width:32px;height:32px;border-radius:6px}
.bsm-x:hover{background:#262c36;color:#fff}
.bsm-slider{width:100%;accent-color:#3da5ff}
.bsm-label{display:flex;justify-content:space-between;color:#b4bdca}
.bsm-preview{display:flex;align-items:center;justify-content:center;height:56px;border-radius:7px;background:#f4f4f4}
.bsm-preview-dot{background:#000;border-radius:50%}
.bsm-select{height:30px;border-radius:6px;background:#1f252f;color:#dfe5ee;border:1px solid #2f3744;padding:0 6px;font:inherit;width:100%}
.bsm-check{display:flex;gap:8px;align-items:center;cursor:pointer}
.bsm-stage-wrap{padding:12px;display:flex;align-items:center;justify-content:center;background:#0e1116;min-width:0}
.bsm-stage{position:relative;width:min(800px,calc(100vh - 150px),calc(100vw - 300px));aspect-ratio:1;background:#fff;overflow:hidden;border-radius:4px;box-shadow:0 0 0 1px #2a313c}
.bsm-bg{position:absolute;left:0;top:0;width:100%;height:100%;transform-origin:0 0;pointer-events:none}
.bsm-bg>img,.bsm-bg>video{width:100%;height:100%;display:block}
.bsm-canvas{position:absolute;inset:0;width:100%;height:100%;touch-action:none;opacity:.88}
.bsm-canvas[data-tool="pen"]{cursor:crosshair}
.bsm-canvas[data-tool="brush"],.bsm-canvas[data-tool="eraser"]{cursor:cell}
.bsm-canvas[data-panning="true"]{cursor:grabbing}
.bsm-zoom{position:absolute;right:8px;bottom:8px;background:rgba(23,27,34,.85);color:#dfe5ee;border-radius:5px;padding:2px 7px;font-size:11px;pointer-events:none}
.bsm-footer{display:flex;justify-content:space-between;align-items:center;gap:8px;padding:10px 14px;border-top:1px solid #262c36}
.bsm-hint{color:#7d8898;font-size:12px}
.bsm-help{background:#11151b;border:1px solid #262c36;border-radius:8px;padding:8px 10px}
.bsm-help table{border-collapse:collapse;width:100%}
.bsm-help td{padding:2px 0;vertical-align:top}
.bsm-help kbd{font:11px ui-monospace,monospace;background:#232a35;border:1px solid #343d4b;border-radius:4px;padding:1px 5px;white-space:nowrap}
.bsm-icon{flex:none}
.bsm-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
`;

const STYLE_ID = 'beamstage-mask-modal-css';

/** Adds the stylesheet to the document once. */
export function ensureMaskModalStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = MASK_MODAL_CSS;
  doc.head.appendChild(style);
}
