/** The overlay texts used across the apps (spec section 2). */
export const LOADING_TEXTS = {
  default: 'Loading...',
  page: 'Loading page...',
  layers: 'Loading layers...',
  layersSub: 'Preparing media content',
} as const;

/** Full-screen overlay with a spinner, a text (default "Loading...") and an optional sub-text. */
export function LoadingOverlay({ text = LOADING_TEXTS.default, subText }: { text?: string; subText?: string }) {
  return (
    <div className="bs-overlay" role="status" aria-live="polite">
      <div className="bs-overlay__box">
        <div className="bs-spinner" />
        <div className="bs-overlay__text">{text}</div>
        {subText ? <div className="bs-overlay__sub">{subText}</div> : null}
      </div>
    </div>
  );
}
