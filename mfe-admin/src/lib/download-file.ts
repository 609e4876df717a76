// Saves text as a file through a temporary link (the browser's own download).
export function downloadFile(name: string, content: string, type: string): void {
  // A byte order mark tells spreadsheets the CSV is UTF-8, so accented names survive; the importer skips it.
  const parts = type.startsWith('text/csv') ? ['\ufeff', content] : [content];
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
