/**
 * The full-screen blog editor at /admin/blogs/new and /admin/blogs/{id} (spec): the blog's fields,
 * the markdown body with insert buttons for the custom tags, the embedded product ids, and a live
 * preview of the public article in the Edit, Split (default) or Preview view. A change marks it
 * dirty; leaving dirty asks first ('Unsaved Changes'), and so does the browser on unload. Save
 * sends the blog to /api/admin/blogs and returns to the Blogs tab.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { buttonVariants } from '../../../components/ui/button.ts';
import { cn } from '../../../components/ui/cn.ts';
import { showToastOnNextPage } from '../../../components/ui/toast.ts';
import { ToggleGroup } from '../../../components/ui/ToggleGroup.tsx';
import { useLoad } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import { blogSegments, embeddedProductIds } from '../../blog/text/markdown.ts';
import AdminGuard from '../AdminGuard.tsx';
import { AdminApiError, adminWrite, failureReason } from '../api.ts';
import { choosableCategories } from '../categories/choosable.ts';
import { allCategories, type AdminCategory } from '../categories/queries.ts';
import { focusProblem, problemsOf, type FormProblem } from '../forms.ts';
import { ArticlePreview, usePreviewProducts } from './ArticlePreview.tsx';
import {
  BLOGS_TAB, BODY_FIELD, blogWriteBody, DEFAULT_VIEW_MODE, editorTarget, emptyBlogForm, formFromBlog, panes, SAVE_FAILED, VIEW_MODE_LABELS, VIEW_MODES,
  type BlogForm, type StoredBlog, type ViewMode,
} from './editor.ts';
import { BlogDetails, ContentField, EmbeddedProducts, type ChangeField } from './EditorFields.tsx';
import { previewHeader, previewSegments } from './preview.ts';
import { adminBlog, editorWriters, type EditorWriter } from './queries.ts';
import { blogCreateSchema, blogUpdateSchema } from './schemas.ts';
import { useLeaveGuard } from './UnsavedChanges.tsx';

export default function BlogEditorPage() {
  return (
    <AdminGuard>
      <BlogEditorLoader />
    </AdminGuard>
  );
}

function BlogEditorLoader() {
  const target = useMemo(() => editorTarget(location.pathname), []);
  const blogId = target.kind === 'edit' ? target.id : null;
  const stored = useLoad(blogId, async () => (blogId ? adminBlog(await authClient(), blogId) : null));
  const categories = useLoad('categories', async () => allCategories(await authClient()));
  const writers = useLoad('writers', async () => editorWriters(await authClient()));
  const lists = {
    categories: categories.state.status === 'ready' ? categories.state.data : [],
    writers: writers.state.status === 'ready' ? writers.state.data : [],
  };

  if (target.kind === 'new') return <Editor stored={null} {...lists} />;
  if (stored.state.status === 'loading') return <p role="status" className="p-8 text-center text-muted">Loading blog...</p>;
  if (stored.state.status === 'ready' && stored.state.data) return <Editor stored={stored.state.data} {...lists} />;
  return (
    <div className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-2xl font-bold text-ink">Blog not found</h1>
      <p className="mt-2 text-muted">There is no blog at this address. It may have been deleted.</p>
      <a href={BLOGS_TAB} className={cn('mt-4', buttonVariants({ variant: 'secondary' }))}>Back to Blogs</a>
    </div>
  );
}

function Editor({ stored, categories, writers }: { stored: StoredBlog | null; categories: AdminCategory[]; writers: EditorWriter[] }) {
  const [form, setForm] = useState<BlogForm>(() => (stored ? formFromBlog(stored) : emptyBlogForm(new Date())));
  const [dirty, setDirty] = useState(false);
  const [view, setView] = useState<ViewMode>(DEFAULT_VIEW_MODE);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const { dialog: unsavedChanges, leave } = useLeaveGuard(dirty, () => void save());

  const change: ChangeField = (field, value) => {
    setForm((f) => ({ ...f, [field]: value }));
    setDirty(true);
    setProblems((current) => current.filter((p) => p.field !== BODY_FIELD[field]));
  };

  /** Marks the fields a save found wrong and takes the admin to the first. */
  const showProblems = (found: FormProblem[]) => {
    setProblems(found);
    requestAnimationFrame(() => focusProblem(document.body, 'blog', found));
  };

  const save = useCallback(async () => {
    setSaveError(null);
    // The server's own schemas first: a blank title is marked at the Title field, nothing is sent.
    const body = blogWriteBody(form, stored);
    const checked = (stored ? blogUpdateSchema : blogCreateSchema).safeParse(body);
    if (!checked.success) return showProblems(problemsOf(checked.error));
    setSaving(true);
    try {
      await adminWrite('blogs', stored ? 'PUT' : 'POST', body);
      showToastOnNextPage('Blog post saved successfully', 'success');
      leave(BLOGS_TAB);
    } catch (error) {
      console.error('Saving the blog failed', error);
      if (error instanceof AdminApiError && error.field) showProblems([{ field: error.field, message: error.message }]);
      setSaveError(failureReason(error));
      setSaving(false);
    }
  }, [form, stored, leave]);

  const heading = stored ? 'Edit Blog' : 'New Blog';
  useEffect(() => {
    document.title = `${heading} | Giftshop Admin`;
  }, [heading]);
  useSaveShortcut(saving ? null : save);

  // The preview follows the typing at its own pace, so a long body never slows the textarea down.
  const deferredContent = useDeferredValue(form.content);
  const segments = useMemo(() => blogSegments(deferredContent), [deferredContent]);
  const products = usePreviewProducts(segments, deferredContent);
  const productIds = useMemo(() => embeddedProductIds(form.content), [form.content]);
  const shown = panes(view);

  return (
    <div className="flex h-[calc(100dvh-3.5rem-1px)] flex-col bg-white">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-black/10 px-4 py-3">
        <a href={BLOGS_TAB} className={buttonVariants({ variant: 'link', size: 'inline' })}>← Back to Blogs</a>
        <h1 className="text-lg font-bold text-ink">{heading}</h1>
        {dirty && <Badge tone="warning" size="sm">Unsaved changes</Badge>}
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <ToggleGroup label="View mode" options={VIEW_MODES} value={view} onChange={setView} optionLabel={(mode) => VIEW_MODE_LABELS[mode]} />
          <Button onClick={() => void save()} disabled={saving}>{saving ? 'Saving...' : 'Save'}</Button>
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

      <div className={cn('grid min-h-0 flex-1', shown.editor && shown.preview && 'grid-rows-2 lg:grid-cols-2 lg:grid-rows-1')}>
        {shown.editor && (
          <section aria-label="Editor" className="min-h-0 overflow-y-auto border-black/10 bg-gray-50 p-4 lg:border-r">
            <div className={cn('mx-auto space-y-6', !shown.preview && 'max-w-4xl')}>
              <BlogDetails form={form} change={change} problems={problems} categories={choosableCategories(categories, 'blog', form.categoryId ? [form.categoryId] : [])} writers={writers} />
              <ContentField value={form.content} onChange={(content) => change('content', content)} categories={categories} />
              <EmbeddedProducts ids={productIds} names={(id) => products.known.get(id)?.name} />
            </div>
          </section>
        )}
        {shown.preview && (
          <section aria-label="Preview" className="min-h-0 overflow-y-auto bg-white">
            <p className="sticky top-0 z-10 border-b border-black/5 bg-white/90 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted backdrop-blur">Preview</p>
            <ArticlePreview header={previewHeader(form, categories, writers, new Date())} segments={previewSegments(segments, products)} />
          </section>
        )}
      </div>
      {unsavedChanges}
    </div>
  );
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
