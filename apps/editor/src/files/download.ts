/** Hands bytes to the browser as a download named `fileName`. */
export function downloadFile(fileName: string, mimeType: string, data: BlobPart): void {
  const url = URL.createObjectURL(new Blob([data], { type: mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled, so the download has its bytes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Opens the browser's file picker; resolves with the chosen file, or null when none was chosen. */
export function pickFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.hidden = true;
    input.dataset['testid'] = 'editor-import-input';
    input.addEventListener('change', () => {
      resolve(input.files?.[0] ?? null);
      input.remove();
    });
    input.addEventListener('cancel', () => {
      resolve(null);
      input.remove();
    });
    document.body.append(input);
    input.click();
  });
}
