/**
 * Sends a price file to POST /api/admin/prices. Netlify takes request bodies up to 6 MB, so a
 * larger file is gzip-compressed in the browser first (CompressionStream; CSV shrinks to a fifth
 * or less) and sent with Content-Encoding: gzip, which the function reads back as it streams.
 */
import { accessToken, AdminApiError } from '../api.ts';
import type { PriceImport } from './queries.ts';

/** Files above this are compressed before upload (well under Netlify's 6 MB body limit). */
export const COMPRESS_ABOVE_BYTES = 1024 * 1024;
/** The server's limit, uncompressed (functions/_shared/price-import/read.ts). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export async function uploadPriceFile(file: File): Promise<PriceImport> {
  if (file.size > MAX_FILE_BYTES) throw new AdminApiError(413, 'The file is larger than 20 MB: split it into smaller files');
  const compress = file.size > COMPRESS_ABOVE_BYTES;
  const body = compress ? await new Response(file.stream().pipeThrough(new CompressionStream('gzip'))).blob() : file;
  const response = await fetch('/api/admin/prices', {
    method: 'POST',
    headers: {
      'content-type': 'text/csv',
      'x-file-name': encodeURIComponent(file.name),
      authorization: `Bearer ${await accessToken()}`,
      ...(compress ? { 'content-encoding': 'gzip' } : {}),
    },
    body,
  });
  const answer = (await response.json().catch(() => null)) as (PriceImport & { error?: string }) | null;
  if (!response.ok || !answer) throw new AdminApiError(response.status, answer?.error ?? `The server answered ${response.status}`);
  return answer;
}
