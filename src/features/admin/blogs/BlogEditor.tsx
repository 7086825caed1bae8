/**
 * The full-screen blog editor at /admin/blogs/new and /admin/blogs/{id} (spec): the blog's fields,
 * the markdown body with insert buttons for the custom tags, the embedded product ids, and a live
 * preview of the public article in the Edit, Split (default) or Preview view. A change marks it
 * dirty; leaving dirty asks first ('Unsaved Changes'), and so does the browser on unload. Save
 * sends the blog to /api/admin/blogs and returns to the Blogs tab.
 */
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { showToastOnNextPage } from '../../../components/ui/toast.ts';
import { embeddedProductIds, blogSegments } from '../../blog/markdown.ts';
import { GENDER_LABELS, GENDERS, type Gender } from '../../../lib/audience.ts';
import AdminGuard from '../AdminGuard.tsx';
import { adminWrite, failureReason } from '../api.ts';
import {
  asksBeforeLeaving, BLOGS_TAB, blogWriteBody, DEFAULT_VIEW_MODE, editorTarget, emptyBlogForm, formFromBlog, panes, SAVE_FAILED,
  VIEW_MODE_LABELS, VIEW_MODES, type BlogForm, type StoredBlog, type ViewMode,
} from './editor.ts';
import { insertBlock, type InsertMode } from './insert.ts';
import { previewSegments } from './preview.ts';
import BlogEditorInsertDialog from './InsertDialog.tsx';
import { ArticlePreview, usePreviewProducts, type PreviewHeader } from './ArticlePreview.tsx';
import { adminBlog, editorWriters, type EditorWriter } from './queries.ts';
import { allCategories, type AdminCategory } from '../categories/queries.ts';
import { BUTTON, FieldProblem, INPUT, LABEL, Modal, useAdminRead } from '../content-ui.tsx';
import { isImageUrl } from '../fields.ts';
import { choosableCategories } from '../categories/choosable.ts';

export default function BlogEditorPage() {
  return (
    <AdminGuard>
      <BlogEditorLoader />
    </AdminGuard>
  );
}

function BlogEditorLoader() {
  const target = useMemo(() => editorTarget(location.pathname), []);
  const [stored] = useAdminRead((db) => (target.kind === 'edit' ? adminBlog(db, target.id) : Promise.resolve(null)));
  const [categories] = useAdminRead(allCategories);
  const [writers] = useAdminRead(editorWriters);
  const lists = {
    categories: categories.status === 'ready' ? categories.data : [],
    writers: writers.status === 'ready' ? writers.data : [],
  };

  if (target.kind === 'new') return <Editor stored={null} {...lists} />;
  if (target.kind === 'edit' && stored.status === 'loading') {
    return <p role="status" className="p-8 text-center text-muted">Loading blog...</p>;
  }
  if (target.kind === 'edit' && stored.status === 'ready' && stored.data) return <Editor stored={stored.data} {...lists} />;
  return (
    <div className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-2xl font-bold text-ink">Blog not found</h1>
      <p className="mt-2 text-muted">There is no blog at this address. It may have been deleted.</p>
      <a href={BLOGS_TAB} className={`mt-4 ${BUTTON.secondary}`}>Back to Blogs</a>
    </div>
  );
}

interface EditorProps {
  stored: StoredBlog | null;
  categories: AdminCategory[];
  writers: EditorWriter[];
}

function Editor({ stored, categories, writers }: EditorProps) {
  const [form, setForm] = useState<BlogForm>(() => (stored ? formFromBlog(stored) : emptyBlogForm(new Date())));
  const [dirty, setDirty] = useState(false);
  const [view, setView] = useState<ViewMode>(DEFAULT_VIEW_MODE);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [inserting, setInserting] = useState<InsertMode | null>(null);
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const content = useRef<HTMLTextAreaElement>(null);
  const selection = useRef({ start: 0, end: 0 });
  const unloadAllowed = useRef(false);
  const ids = useId();

  const change = <K extends keyof BlogForm>(field: K, value: BlogForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setDirty(true);
  };

  const save = useCallback(async () => {
    setSaving(true);
    setSaveError(null);
    try {
      await adminWrite('blogs', stored ? 'PUT' : 'POST', blogWriteBody(form, stored));
      unloadAllowed.current = true;
      showToastOnNextPage('Blog post saved successfully', 'success');
      location.assign(BLOGS_TAB);
    } catch (error) {
      console.error('Saving the blog failed', error);
      setSaveError(failureReason(error));
      setSaving(false);
    }
  }, [form, stored]);

  const heading = stored ? 'Edit Blog' : 'New Blog';
  useEffect(() => {
    document.title = `${heading} | Giftshop Admin`;
  }, [heading]);
  useLeaveGuard(dirty, unloadAllowed, setLeavingTo);
  useSaveShortcut(saving ? null : save);

  function openInsert(mode: InsertMode) {
    const area = content.current;
    if (area) selection.current = { start: area.selectionStart, end: area.selectionEnd };
    setInserting(mode);
  }

  function insert(tags: string) {
    const { start, end } = selection.current;
    const next = insertBlock(form.content, start, end, tags);
    change('content', next.content);
    setInserting(null);
    // After React has put the new text in, the cursor goes just after the inserted tags.
    requestAnimationFrame(() => {
      const area = content.current;
      if (!area) return;
      area.focus();
      area.setSelectionRange(next.cursor, next.cursor);
    });
  }

  function leave() {
    if (leavingTo === null) return;
    unloadAllowed.current = true;
    location.assign(leavingTo);
  }

  const deferredContent = useDeferredValue(form.content);
  const segments = useMemo(() => blogSegments(deferredContent), [deferredContent]);
  const products = usePreviewProducts(segments, deferredContent);
  const productIds = useMemo(() => embeddedProductIds(form.content), [form.content]);
  const shown = panes(view);
  const blogCategories = choosableCategories(categories, 'blog', form.categoryId ? [form.categoryId] : []);
  const header = previewHeader(form, categories, writers);

  return (
    <div className="flex h-[calc(100dvh-3.5rem-1px)] flex-col bg-white">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-black/10 px-4 py-3">
        <a href={BLOGS_TAB} className="text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          ← Back to Blogs
        </a>
        <h1 className="text-lg font-bold text-ink">{heading}</h1>
        {dirty && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Unsaved changes</span>}
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <div role="group" aria-label="View mode" className="inline-flex rounded-full border border-black/15 p-0.5">
            {VIEW_MODES.map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={view === mode}
                onClick={() => setView(mode)}
                className={`rounded-full px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${view === mode ? 'bg-ink text-white' : 'text-muted hover:text-ink'}`}
              >
                {VIEW_MODE_LABELS[mode]}
              </button>
            ))}
          </div>
          <button type="button" onClick={() => void save()} disabled={saving} className={BUTTON.primary}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </div>

      <div role="alert" className="empty:hidden">
        {saveError !== null && (
          <div className="flex items-start gap-3 border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <div>
              <p className="font-semibold">{SAVE_FAILED}</p>
              <p>{saveError}</p>
            </div>
            <button type="button" onClick={() => setSaveError(null)} className="ml-auto rounded px-1 font-semibold hover:bg-red-100" aria-label="Dismiss">×</button>
          </div>
        )}
      </div>

      <div className={`grid min-h-0 flex-1 ${shown.editor && shown.preview ? 'grid-rows-2 lg:grid-cols-2 lg:grid-rows-1' : ''}`}>
        {shown.editor && (
          <section aria-label="Editor" className="min-h-0 overflow-y-auto border-black/10 bg-gray-50 p-4 lg:border-r">
            <div className={`mx-auto space-y-6 ${shown.preview ? '' : 'max-w-4xl'}`}>
              <BlogFields form={form} change={change} categories={blogCategories} writers={writers} idPrefix={ids} />

              <div>
                <div className="flex flex-wrap items-end justify-between gap-2">
                  <label htmlFor={`${ids}-content`} className="text-sm font-medium text-ink">Content <span className="font-normal text-muted">(Markdown)</span></label>
                  <div role="toolbar" aria-label="Insert custom tags" className="flex flex-wrap gap-2">
                    <button type="button" onClick={() => openInsert('single')} className={BUTTON.small}>Insert single product</button>
                    <button type="button" onClick={() => openInsert('multiple')} className={BUTTON.small}>Insert multiple products</button>
                    <button type="button" onClick={() => openInsert('three')} className={BUTTON.small}>Insert three products</button>
                  </div>
                </div>
                <textarea
                  id={`${ids}-content`}
                  ref={content}
                  value={form.content}
                  onChange={(e) => change('content', e.target.value)}
                  onSelect={(e) => (selection.current = { start: e.currentTarget.selectionStart, end: e.currentTarget.selectionEnd })}
                  rows={22}
                  spellCheck
                  className={`${INPUT} mt-2 min-h-[24rem] font-mono leading-relaxed`}
                />
              </div>

              <EmbeddedProducts ids={productIds} names={(id) => products.known.get(id)?.name} />
            </div>
          </section>
        )}
        {shown.preview && (
          <section aria-label="Preview" className="min-h-0 overflow-y-auto bg-white">
            <p className="sticky top-0 z-10 border-b border-black/5 bg-white/90 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted backdrop-blur">Preview</p>
            <ArticlePreview header={header} segments={previewSegments(segments, products)} />
          </section>
        )}
      </div>

      {inserting !== null && (
        <BlogEditorInsertDialog initialMode={inserting} categories={categories} onInsert={insert} onClose={() => setInserting(null)} />
      )}
      {leavingTo !== null && (
        <Modal
          title="Unsaved Changes"
          size="small"
          onRequestClose={() => setLeavingTo(null)}
          footer={
            <>
              <button type="button" onClick={leave} className={BUTTON.secondary}>Leave Without Saving</button>
              <button
                type="button"
                data-autofocus
                onClick={() => {
                  setLeavingTo(null);
                  void save();
                }}
                className={BUTTON.primary}
              >
                Stay and Save
              </button>
            </>
          }
        >
          <p>This blog has changes that are not saved yet. Save them before you leave, or leave without saving and lose them.</p>
        </Modal>
      )}
    </div>
  );
}

function previewHeader(form: BlogForm, categories: readonly AdminCategory[], writers: readonly EditorWriter[]): PreviewHeader {
  const category = categories.find((c) => c.id === form.categoryId);
  const writer = writers.find((w) => w.id === form.writerId);
  const author = writer
    ? { name: writer.name, imageUrl: writer.imageUrl, description: writer.description }
    : form.author.trim() ? { name: form.author.trim(), imageUrl: null, description: null } : null;
  return {
    title: form.title,
    excerpt: form.excerpt,
    content: form.content,
    // Only a picture the server would accept (it refuses the rest), so the preview never loads anything else.
    imageUrl: isImageUrl(form.imageUrl.trim()) ? form.imageUrl.trim() : '',
    publishDate: form.publishDate,
    category: category ? { name: category.name } : null,
    author,
  };
}

function Field({ id, label, children, wide = false }: { id: string; label: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className={LABEL}>{label}</label>
      {children}
    </div>
  );
}

function BlogFields({
  form, change, categories, writers, idPrefix: p,
}: {
  form: BlogForm;
  change: <K extends keyof BlogForm>(field: K, value: BlogForm[K]) => void;
  categories: readonly AdminCategory[];
  writers: readonly EditorWriter[];
  idPrefix: string;
}) {
  const image = form.imageUrl.trim();
  const imageProblem = image === '' || isImageUrl(image) ? undefined : 'Use an http(s) URL or a path starting with /';
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-black/10 bg-white p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-bold uppercase tracking-wide text-muted">Details</legend>
      <Field id={`${p}-title`} label="Title" wide>
        <input id={`${p}-title`} value={form.title} onChange={(e) => change('title', e.target.value)} className={INPUT} />
      </Field>
      <Field id={`${p}-excerpt`} label="Excerpt" wide>
        <textarea id={`${p}-excerpt`} rows={2} value={form.excerpt} onChange={(e) => change('excerpt', e.target.value)} className={INPUT} />
      </Field>
      <Field id={`${p}-category`} label="Category">
        <select id={`${p}-category`} value={form.categoryId} onChange={(e) => change('categoryId', e.target.value)} className={INPUT}>
          <option value="">No category</option>
          {categories.map((c) => <option key={c.id} value={c.id}>{c.visible ? c.name : `${c.name} (hidden)`}</option>)}
        </select>
      </Field>
      <Field id={`${p}-gender`} label="Target Audience">
        <select id={`${p}-gender`} value={form.gender} onChange={(e) => change('gender', e.target.value as Gender)} className={INPUT}>
          {GENDERS.map((g) => <option key={g} value={g}>{GENDER_LABELS[g]}</option>)}
        </select>
      </Field>
      <Field id={`${p}-image`} label="Hero Image URL" wide>
        <input
          id={`${p}-image`}
          type="url"
          inputMode="url"
          value={form.imageUrl}
          onChange={(e) => change('imageUrl', e.target.value)}
          placeholder="https://… or /media/…"
          className={INPUT}
          {...(imageProblem ? { 'aria-invalid': true, 'aria-describedby': `${p}-image-problem` } : {})}
        />
        <FieldProblem id={`${p}-image-problem`} message={imageProblem} />
      </Field>
      <Field id={`${p}-date`} label="Publish Date">
        <input id={`${p}-date`} type="date" value={form.publishDate} onChange={(e) => change('publishDate', e.target.value)} className={INPUT} />
      </Field>
      <Field id={`${p}-writer`} label="Writer">
        <select id={`${p}-writer`} value={form.writerId} onChange={(e) => change('writerId', e.target.value)} className={INPUT}>
          <option value="">No writer</option>
          {writers.map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}
        </select>
      </Field>
      <Field id={`${p}-author`} label="Author">
        <input id={`${p}-author`} value={form.author} onChange={(e) => change('author', e.target.value)} className={INPUT} />
      </Field>
      <div className="flex items-end pb-2">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-ink">
          <input type="checkbox" checked={form.featured} onChange={(e) => change('featured', e.target.checked)} className="size-4 accent-brand-600" />
          Featured
        </label>
      </div>
    </fieldset>
  );
}

/** The product ids the body embeds (spec: extracted from the content), with names once the preview knows them. */
function EmbeddedProducts({ ids, names }: { ids: string[]; names: (id: string) => string | undefined }) {
  const headingId = useId();
  return (
    <div>
      <h2 id={headingId} className="text-sm font-medium text-ink">Embedded products ({ids.length})</h2>
      {ids.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No product tags in the content yet.</p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-2 flex flex-wrap gap-2">
          {ids.map((id) => (
            <li key={id} className="inline-flex items-center gap-2 rounded-full border border-black/10 bg-white px-3 py-1 text-xs text-ink">
              {names(id) && <span className="font-semibold">{names(id)}</span>}
              <code className="text-muted">{id}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Asks before the editor is left with unsaved changes: any click on a link to another page of the
 * shop opens 'Unsaved Changes' (spec), and the browser warns before unloading the page.
 */
function useLeaveGuard(dirty: boolean, unloadAllowed: { current: boolean }, ask: (href: string) => void): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (unloadAllowed.current) return;
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented) return;
      const modified = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
      const intent = { href: link.getAttribute('href') ?? '', target: link.target, download: link.hasAttribute('download'), modified };
      if (!asksBeforeLeaving(true, intent, new URL(location.href))) return;
      event.preventDefault();
      ask(link.href);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, unloadAllowed, ask]);
}

/** Ctrl+S or ⌘S saves instead of saving the page as a file. */
function useSaveShortcut(save: (() => Promise<void>) | null): void {
  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      if (save) void save();
    };
    window.addEventListener('keydown', keydown);
    return () => window.removeEventListener('keydown', keydown);
  }, [save]);
}
