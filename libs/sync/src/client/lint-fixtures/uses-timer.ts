// Must fail lint: libs/sync's shared code takes time as a parameter (an injected clock), never the
// global timers (design.md section 1). tools/lint-boundaries.test.ts lints this file.
export const later = (fn: () => void) => setTimeout(fn, 16);
