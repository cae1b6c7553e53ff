/**
 * Hands the browser a file to save or open, with no page change: an .ics file (phones offer to add it to the
 * calendar), a CSV export. The object URL is let go once the browser has had time to start the download.
 */
export function saveFile(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
