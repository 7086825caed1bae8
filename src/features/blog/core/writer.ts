/**
 * Writers as shown with their articles and in the writers block. Some stored names carry the
 * writer's picture and bio inline, e.g. "Writer name: Maya Okafor image: https://… description:
 * Gift editor."; they are parsed out. An explicit image_url or description wins over the inline
 * one. Only http(s) or site-relative picture URLs are kept; otherwise the initials avatar shows.
 */

export interface WriterProfile {
  name: string;
  imageUrl: string | null;
  description: string | null;
}

interface StoredWriter {
  name: string;
  imageUrl?: string | null;
  description?: string | null;
}

// A segment label starts the text or follows whitespace or a separator, so 'image:' inside a URL
// path (https://cdn.example/image:1) is not taken for one.
const SEGMENT = /(^|[\s,;|])(image|description)\s*:/gi;
const WRITER_NAME_LABEL = /^\s*writer\s*name\s*[:\-–—]?\s*/i;

/** Writer name parsing (spec: 'image:' and 'description:' segments parsed out, a leading 'writer name' label stripped). */
export function writerProfile(writer: StoredWriter): WriterProfile {
  const segments = nameSegments(writer.name);
  const name = (segments.get('name') ?? '').replace(WRITER_NAME_LABEL, '');
  return {
    name: tidy(name),
    imageUrl: pictureUrl(present(writer.imageUrl) ?? present(segments.get('image'))),
    description: present(writer.description) ?? present(segments.get('description')),
  };
}

/** Initials for the generated avatar (spec: a failed avatar falls back to initials): first and last word. */
export function writerInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const first = words[0];
  const last = words.length > 1 ? words.at(-1) : undefined;
  const initial = (word: string | undefined) => word?.match(/[\p{L}\p{N}]/u)?.[0] ?? '';
  return (initial(first) + initial(last)).toUpperCase() || '?';
}

function nameSegments(stored: string): Map<string, string> {
  const segments = new Map<string, string>();
  let label = 'name';
  let from = 0;
  for (const match of stored.matchAll(SEGMENT)) {
    const start = match.index + (match[1] ?? '').length;
    if (!segments.has(label)) segments.set(label, stored.slice(from, start));
    label = (match[2] ?? '').toLowerCase();
    from = match.index + match[0].length;
  }
  if (!segments.has(label)) segments.set(label, stored.slice(from));
  return segments;
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/^[\s,;|]+|[\s,;|]+$/g, '');
}

function present(text: string | null | undefined): string | null {
  const tidied = tidy(text ?? '');
  return tidied === '' ? null : tidied;
}

function pictureUrl(url: string | null): string | null {
  return url && /^(https?:\/\/|\/(?!\/))\S+$/i.test(url) ? url : null;
}
