/**
 * Sends a price file to POST /api/admin/prices. Netlify takes request bodies up to 6 MB, so a
 * larger file is gzip-compressed in the browser first (CompressionStream; CSV shrinks to a fifth
 * or less) and sent with Content-Encoding: gzip, which the function reads back as it streams.
 */
import { adminRequest, AdminApiError } from '../api.ts';
import type { PriceImport } from './queries.ts';

/** Files above this are compressed before upload (well under Netlify's 6 MB body limit). */
export const COMPRESS_ABOVE_BYTES = 1024 * 1024;
/** The server's limit, uncompressed (functions/_shared/price-import/read.ts). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export async function uploadPriceFile(file: File): Promise<PriceImport> {
  if (file.size > MAX_FILE_BYTES) throw new AdminApiError(413, 'The file is larger than 20 MB: split it into smaller files');
  const compress = file.size > COMPRESS_ABOVE_BYTES;
  const body = compress ? await new Response(file.stream().pipeThrough(new CompressionStream('gzip'))).blob() : file;
  const answer = await adminRequest<PriceImport>('prices', 'POST', body, {
    'content-type': 'text/csv',
    'x-file-name': encodeURIComponent(file.name),
    ...(compress ? { 'content-encoding': 'gzip' } : {}),
  });
  if (!answer) throw new AdminApiError(502, 'The server answered without an import report');
  return answer;
}
