/**
 * The Blogs tab: every blog article with its category, audience and publish date, a 'New Blog'
 * link to the editor, and edit and delete per row. Loading errors are only logged (spec); a
 * delete asks first and says how it went in a toast.
 */
import { useState } from 'react';
import { showToast } from '../../../components/ui/toast.ts';
import { shortDate } from '../../blog/dates.ts';
import { GENDER_LABELS } from '../../../lib/audience.ts';
import { adminWrite, failureReason } from '../api.ts';
import { adminBlogList, type BlogListItem } from './queries.ts';
import { allCategories } from '../categories/queries.ts';
import { BUTTON, useAdminRead, useConfirm } from '../content-ui.tsx';

export default function BlogsPanel() {
  const [blogs] = useAdminRead(adminBlogList);
  const [categories] = useAdminRead(allCategories);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<string | null>(null);
  const confirm = useConfirm();

  const categoryName = (id: string | null) =>
    (id && categories.status === 'ready' && categories.data.find((c) => c.id === id)?.name) || '—';
  const rows = blogs.status === 'ready' ? blogs.data.filter((b) => !deleted.has(b.id)) : [];

  async function remove(blog: BlogListItem) {
    const ok = await confirm.ask({ message: 'Are you sure you want to delete this blog?', confirmLabel: 'Delete' });
    if (!ok) return;
    setDeleting(blog.id);
    try {
      await adminWrite('blogs', 'DELETE', { id: blog.id });
      setDeleted((ids) => new Set(ids).add(blog.id));
      showToast('Blog post deleted successfully', 'success');
    } catch (error) {
      showToast(`Failed to delete blog post: ${failureReason(error)}`, 'error');
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby="blogs-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="blogs-heading" className="text-xl font-bold text-ink">Blogs</h2>
        <a href="/admin/blogs/new" className={BUTTON.primary}>New Blog</a>
      </div>

      {blogs.status === 'loading' ? (
        <p role="status" className="text-muted">Loading blogs...</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-black/10 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Blog articles, most recently changed first</caption>
            <thead className="border-b border-black/10 bg-gray-50 text-xs font-semibold uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">Title</th>
                <th scope="col" className="px-4 py-3">Category</th>
                <th scope="col" className="px-4 py-3">Target Audience</th>
                <th scope="col" className="px-4 py-3">Publish Date</th>
                <th scope="col" className="px-4 py-3 text-right">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-black/5">
              {rows.length === 0 && (
                <tr>
                  <td colSpan={5} className="px-4 py-8 text-center text-muted">No blogs found.</td>
                </tr>
              )}
              {rows.map((blog) => (
                <tr key={blog.id} className="hover:bg-gray-50/60">
                  <th scope="row" className="px-4 py-3 font-semibold text-ink">{blog.title}</th>
                  <td className="px-4 py-3 text-muted">{categoryName(blog.categoryId)}</td>
                  <td className="px-4 py-3 text-muted">{GENDER_LABELS[blog.gender]}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted">
                    <time dateTime={blog.publishDate}>{shortDate(blog.publishDate)}</time>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <a href={`/admin/blogs/${blog.id}`} className={BUTTON.small} aria-label={`Edit ${blog.title}`}>Edit</a>
                      <button
                        type="button"
                        onClick={() => void remove(blog)}
                        disabled={deleting === blog.id}
                        aria-label={`Delete ${blog.title}`}
                        className={BUTTON.smallDanger}
                      >
                        {deleting === blog.id ? 'Deleting...' : 'Delete'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirm.element}
    </section>
  );
}
