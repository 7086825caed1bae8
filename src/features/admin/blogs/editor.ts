/**
 * The full-screen blog editor as rules: which blog the address names, the form and what it saves,
 * the view modes, and when leaving must ask first. Pure: no React, no database.
 */
import type { Gender } from '../../../lib/audience.ts';
import { isImageUrl } from '../fields.ts';
import type { BlogCreateInput, BlogUpdateInput } from './schemas.ts';

/** Editor view modes (spec: edit, split (default) or preview). */
export const VIEW_MODES = ['edit', 'split', 'preview'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const DEFAULT_VIEW_MODE: ViewMode = 'split';
export const VIEW_MODE_LABELS: Record<ViewMode, string> = { edit: 'Edit', split: 'Split', preview: 'Preview' };

/** Which panes a view mode shows. */
export function panes(mode: ViewMode): { editor: boolean; preview: boolean } {
  return { editor: mode !== 'preview', preview: mode !== 'edit' };
}

/** Where the editor goes after saving, and where its back link points (spec: back to /admin). */
export const BLOGS_TAB = '/admin#blogs';

/** Spec: the alert after a failed save. */
export const SAVE_FAILED = 'Error saving blog. Please try again.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The blog an editor address names: /admin/blogs/new, /admin/blogs/{id}, or neither. */
export function editorTarget(pathname: string): { kind: 'new' } | { kind: 'edit'; id: string } | { kind: 'unknown' } {
  const match = /^\/admin\/blogs\/([^/]+)\/?$/.exec(pathname);
  const segment = match?.[1] ? decodeURIComponent(match[1]) : '';
  if (segment === 'new') return { kind: 'new' };
  if (UUID.test(segment)) return { kind: 'edit', id: segment.toLowerCase() };
  return { kind: 'unknown' };
}

/** The form's fields, as the inputs hold them. */
export interface BlogForm {
  title: string;
  excerpt: string;
  content: string;
  /** '' for no category. */
  categoryId: string;
  gender: Gender;
  imageUrl: string;
  /** YYYY-MM-DD (a UTC calendar day, as the blog shows it), '' for the database's default. */
  publishDate: string;
  /** '' for no writer. */
  writerId: string;
  author: string;
  featured: boolean;
}

/** A stored blog as the editor reads it. */
export interface StoredBlog {
  id: string;
  title: string;
  excerpt: string;
  content: string;
  category_id: string | null;
  gender_category: Gender;
  image_url: string | null;
  publish_date: string;
  writer_id: string | null;
  author: string | null;
  featured: boolean;
}

/** The UTC calendar day of an instant, as a date input holds it. */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** A new blog's form: for both audiences, published today. */
export function emptyBlogForm(now: Date): BlogForm {
  return {
    title: '',
    excerpt: '',
    content: '',
    categoryId: '',
    gender: 'for_both',
    imageUrl: '',
    publishDate: dayOf(now.toISOString()),
    writerId: '',
    author: '',
    featured: false,
  };
}

/** A stored blog as the form holds it: no category, picture or writer is an empty choice. */
export function formFromBlog(blog: StoredBlog): BlogForm {
  const { title, excerpt, content, featured } = blog;
  return {
    title, excerpt, content, featured,
    categoryId: blog.category_id ?? '',
    gender: blog.gender_category,
    imageUrl: blog.image_url ?? '',
    publishDate: dayOf(blog.publish_date),
    writerId: blog.writer_id ?? '',
    author: blog.author ?? '',
  };
}

/**
 * The publish date to save: an unchanged day keeps the stored instant (its time of day too), a
 * new day starts at midnight UTC, and no day leaves the date to the database.
 */
export function publishDateValue(day: string, stored: string | null): string | undefined {
  if (day === '') return undefined;
  if (stored !== null && dayOf(stored) === day) return stored;
  return `${day}T00:00:00.000Z`;
}

/** What a save sends to /api/admin/blogs: POST for a new blog, PUT with the id for a stored one. */
/** The field of the saved body each form field fills (a problem the save reports is shown at it). */
export const BODY_FIELD: Record<keyof BlogForm, string> = {
  title: 'title',
  excerpt: 'excerpt',
  content: 'content',
  categoryId: 'category_id',
  gender: 'gender_category',
  imageUrl: 'image_url',
  publishDate: 'publish_date',
  writerId: 'writer_id',
  author: 'author',
  featured: 'featured',
};

export function blogWriteBody(form: BlogForm, stored: StoredBlog | null): BlogCreateInput | BlogUpdateInput {
  const body: BlogCreateInput = {
    title: form.title,
    content: form.content,
    excerpt: form.excerpt,
    category_id: form.categoryId === '' ? null : form.categoryId,
    gender_category: form.gender,
    image_url: form.imageUrl.trim() === '' ? null : form.imageUrl.trim(),
    writer_id: form.writerId === '' ? null : form.writerId,
    author: form.author,
    featured: form.featured,
  };
  const publishDate = publishDateValue(form.publishDate, stored?.publish_date ?? null);
  if (publishDate !== undefined) body.publish_date = publishDate;
  return stored ? { id: stored.id, ...body } : body;
}

/** The hero image field's problem while the admin types (the server takes the same shapes only). */
export function heroImageProblem(imageUrl: string): string | undefined {
  const value = imageUrl.trim();
  return value === '' || isImageUrl(value) ? undefined : 'Use an http(s) URL or a path starting with /';
}

/** A click on a link, as the leave guard sees it. */
export interface LinkClick {
  href: string;
  target: string;
  download: boolean;
  /** A modified or non-primary click opens a new tab or window: the editor stays. */
  modified: boolean;
}

/**
 * Leaving the editor (spec: with unsaved changes, ask first). Asks only for a click that would
 * replace this page with another page of the shop; new tabs, downloads and jumps within the page
 * are followed, and a link to another site is left to the browser's own unload warning.
 */
export function asksBeforeLeaving(dirty: boolean, click: LinkClick, current: URL): boolean {
  if (!dirty || click.modified || click.download || (click.target !== '' && click.target !== '_self')) return false;
  let next: URL;
  try {
    next = new URL(click.href, current);
  } catch {
    return false;
  }
  if (next.origin !== current.origin) return false;
  const samePage = next.pathname === current.pathname && next.search === current.search;
  return !(samePage && next.hash !== '');
}
