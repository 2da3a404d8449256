/**
 * `Content-Disposition: attachment` with the file's name as the user gave it (RFC 6266): an ASCII
 * fallback for old clients, and the exact name in `filename*` (RFC 8187, UTF-8, percent-encoded).
 */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
