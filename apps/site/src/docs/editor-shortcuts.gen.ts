// Generated from the editor's action registry by `npm run gen:shortcuts -w apps/editor`. Do not edit.

export interface ShortcutDocSection {
  readonly title: string;
  readonly rows: readonly { readonly label: string; readonly keys: readonly string[] }[];
}

export const EDITOR_SHORTCUTS: readonly ShortcutDocSection[] = [
  {
    "title": "Edit",
    "rows": [
      {
        "label": "Undo",
        "keys": [
          "Ctrl+Z"
        ]
      },
      {
        "label": "Redo",
        "keys": [
          "Ctrl+Y",
          "Ctrl+Shift+Z"
        ]
      }
    ]
  },
  {
    "title": "File",
    "rows": [
      {
        "label": "Save",
        "keys": [
          "Ctrl+S"
        ]
      },
      {
        "label": "Export project as zip",
        "keys": [
          "Ctrl+Shift+S"
        ]
      },
      {
        "label": "Import project…",
        "keys": [
          "Ctrl+O"
        ]
      }
    ]
  },
  {
    "title": "Layer",
    "rows": [
      {
        "label": "Duplicate",
        "keys": [
          "Ctrl+D"
        ]
      },
      {
        "label": "Delete layer",
        "keys": [
          "Delete"
        ]
      },
      {
        "label": "Toggle warp",
        "keys": [
          "E"
        ]
      },
      {
        "label": "Show or hide",
        "keys": [
          "H"
        ]
      },
      {
        "label": "Select none",
        "keys": [
          "Esc"
        ]
      },
      {
        "label": "Nudge left 1 px",
        "keys": [
          "←"
        ]
      },
      {
        "label": "Nudge right 1 px",
        "keys": [
          "→"
        ]
      },
      {
        "label": "Nudge up 1 px",
        "keys": [
          "↑"
        ]
      },
      {
        "label": "Nudge down 1 px",
        "keys": [
          "↓"
        ]
      },
      {
        "label": "Nudge left 10 px",
        "keys": [
          "Shift+←"
        ]
      },
      {
        "label": "Nudge right 10 px",
        "keys": [
          "Shift+→"
        ]
      },
      {
        "label": "Nudge up 10 px",
        "keys": [
          "Shift+↑"
        ]
      },
      {
        "label": "Nudge down 10 px",
        "keys": [
          "Shift+↓"
        ]
      },
      {
        "label": "Nudge left 0.1 px",
        "keys": [
          "Alt+←"
        ]
      },
      {
        "label": "Nudge right 0.1 px",
        "keys": [
          "Alt+→"
        ]
      },
      {
        "label": "Nudge up 0.1 px",
        "keys": [
          "Alt+↑"
        ]
      },
      {
        "label": "Nudge down 0.1 px",
        "keys": [
          "Alt+↓"
        ]
      },
      {
        "label": "Open code editor",
        "keys": [
          "Ctrl+E"
        ]
      },
      {
        "label": "Run code",
        "keys": [
          "Ctrl+Enter"
        ]
      }
    ]
  },
  {
    "title": "Add layer",
    "rows": [
      {
        "label": "Add fragment shader layer",
        "keys": [
          "F2"
        ]
      }
    ]
  },
  {
    "title": "View",
    "rows": [
      {
        "label": "Command palette",
        "keys": [
          "Ctrl+K"
        ]
      },
      {
        "label": "Show or hide the timeline",
        "keys": [
          "T"
        ]
      },
      {
        "label": "Show or hide the left dock",
        "keys": [
          "Ctrl+["
        ]
      },
      {
        "label": "Show or hide the inspector",
        "keys": [
          "Ctrl+]"
        ]
      },
      {
        "label": "Fit the canvas in the stage",
        "keys": [
          "Ctrl+0"
        ]
      },
      {
        "label": "Zoom in",
        "keys": [
          "Ctrl+=",
          "Ctrl++"
        ]
      },
      {
        "label": "Zoom out",
        "keys": [
          "Ctrl+-"
        ]
      }
    ]
  },
  {
    "title": "Help",
    "rows": [
      {
        "label": "Keyboard shortcuts",
        "keys": [
          "?"
        ]
      }
    ]
  },
  {
    "title": "Timeline",
    "rows": [
      {
        "label": "Play or pause the timeline",
        "keys": [
          "P"
        ]
      },
      {
        "label": "Stop the timeline",
        "keys": [
          "Shift+P"
        ]
      },
      {
        "label": "Loop the play region",
        "keys": [
          "L"
        ]
      },
      {
        "label": "Keyframe the selected layer at the playhead",
        "keys": [
          "K"
        ]
      },
      {
        "label": "Auto-key: record every layer edit as a keyframe",
        "keys": [
          "Shift+K"
        ]
      },
      {
        "label": "Delete the selected keyframes",
        "keys": [
          "Shift+Delete",
          "Shift+Backspace"
        ]
      },
      {
        "label": "Add a marker at the playhead",
        "keys": [
          "M"
        ]
      },
      {
        "label": "Jump to the previous marker",
        "keys": [
          "["
        ]
      },
      {
        "label": "Jump to the next marker",
        "keys": [
          "]"
        ]
      },
      {
        "label": "Copy the selected keyframes",
        "keys": [
          "Ctrl+C"
        ]
      },
      {
        "label": "Paste keyframes at the playhead",
        "keys": [
          "Ctrl+V"
        ]
      },
      {
        "label": "GO: fire the next scene with its transition",
        "keys": [
          "G"
        ]
      }
    ]
  },
  {
    "title": "Output",
    "rows": [
      {
        "label": "Blackout all outputs",
        "keys": [
          "B"
        ]
      },
      {
        "label": "Calibrate output warp",
        "keys": [
          "Shift+W"
        ]
      },
      {
        "label": "Nudge all layers left 1 px",
        "keys": [
          "Ctrl+←"
        ]
      },
      {
        "label": "Nudge all layers right 1 px",
        "keys": [
          "Ctrl+→"
        ]
      },
      {
        "label": "Nudge all layers up 1 px",
        "keys": [
          "Ctrl+↑"
        ]
      },
      {
        "label": "Nudge all layers down 1 px",
        "keys": [
          "Ctrl+↓"
        ]
      },
      {
        "label": "Nudge all layers left 10 px",
        "keys": [
          "Ctrl+Shift+←"
        ]
      },
      {
        "label": "Nudge all layers right 10 px",
        "keys": [
          "Ctrl+Shift+→"
        ]
      },
      {
        "label": "Nudge all layers up 10 px",
        "keys": [
          "Ctrl+Shift+↑"
        ]
      },
      {
        "label": "Nudge all layers down 10 px",
        "keys": [
          "Ctrl+Shift+↓"
        ]
      }
    ]
  }
];
