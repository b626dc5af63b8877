/**
 * Starts the download of image and mask pictures when a project is shown, before the stage's first
 * draw. The compositor asks for a picture while drawing, and the browser starts an image element's
 * request only once the running task ends, after that draw (which compiles its programs, slow
 * without a GPU): bench:first-frame saw the pictures requested ~150 ms after the project was
 * shown. A `<link rel=preload as=image crossorigin=anonymous>` starts the request at once, and the
 * compositor's own image (crossOrigin anonymous, the same request) takes the preloaded response.
 */
export class ImagePreloads {
  private readonly started = new Set<string>();

  constructor(private readonly doc: Document = document) {}

  /** Starts fetching each picture not started before (data: and blob: addresses need no fetch). */
  start(urls: Iterable<string>): void {
    for (const url of urls) {
      if (!url || this.started.has(url) || /^(data|blob):/i.test(url)) continue;
      this.started.add(url);
      const link = this.doc.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.crossOrigin = 'anonymous';
      link.href = url;
      // The compositor's request was made in the task that showed the project, long before this
      // download ends, so the hint has done its work by then.
      const remove = () => link.remove();
      link.addEventListener('load', remove, { once: true });
      link.addEventListener('error', remove, { once: true });
      this.doc.head.appendChild(link);
    }
  }
}
