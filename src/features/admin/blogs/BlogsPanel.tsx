/**
 * The Blogs tab: every blog article with its category, audience and publish date, a 'New Blog'
 * link to the editor, and edit and delete per row. A delete asks first and says how it went in a
 * toast.
 */
import { useState } from 'react';
import { buttonVariants } from '../../../components/ui/button.ts';
import { useConfirm } from '../../../components/ui/ConfirmDialog.tsx';
import { showToast } from '../../../components/ui/toast.ts';
import { GENDER_LABELS } from '../../../lib/audience.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import { shortDate } from '../../blog/core/dates.ts';
import { AdminTable, RowActions, type Column } from '../AdminTable.tsx';
import { adminWrite, failureReason } from '../api.ts';
import { allCategories } from '../categories/queries.ts';
import { ReadState } from '../ReadState.tsx';
import { adminBlogList, type BlogListItem } from './queries.ts';

const COLUMNS: Column[] = [
  { label: 'Title' },
  { label: 'Category' },
  { label: 'Target Audience' },
  { label: 'Publish Date' },
  { label: 'Actions', align: 'right' },
];

export default function BlogsPanel() {
  const blogs = useLoad('blogs', async () => adminBlogList(await authClient()));
  const categories = useLoad('categories', async () => allCategories(await authClient()));
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<string | null>(null);
  const confirm = useConfirm();

  const categoryName = (id: string | null) =>
    (id && categories.state.status === 'ready' && categories.state.data.find((c) => c.id === id)?.name) || '—';
  const shown = (list: readonly BlogListItem[]) => list.filter((b) => !deleted.has(b.id));

  async function remove(blog: BlogListItem) {
    if (!(await confirm.ask({ message: 'Are you sure you want to delete this blog?', detail: 'This cannot be undone.', confirmLabel: 'Delete' }))) return;
    setDeleting(blog.id);
    await adminWrite('blogs', 'DELETE', { id: blog.id }).then(
      () => {
        setDeleted((ids) => new Set(ids).add(blog.id));
        showToast('Blog post deleted successfully', 'success');
      },
      (error: unknown) => showToast(`Failed to delete blog post: ${failureReason(error)}`, 'error'),
    );
    setDeleting(null);
  }

  return (
    <section aria-labelledby="blogs-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="blogs-heading" className="text-xl font-bold text-ink">Blogs</h2>
        <a href="/admin/blogs/new" className={buttonVariants()}>New Blog</a>
      </div>

      <ReadState state={blogs.state} loading="Loading blogs..." error="Error loading blogs" onRetry={blogs.retry}
        isEmpty={(list) => shown(list).length === 0} empty="No blogs found.">
        {(list) => (
          <AdminTable caption="Blog articles, most recently changed first" columns={COLUMNS} minWidth="min-w-[44rem]">
            {shown(list).map((blog) => (
              <BlogRow key={blog.id} blog={blog} category={categoryName(blog.categoryId)} deleting={deleting === blog.id} onDelete={() => void remove(blog)} />
            ))}
          </AdminTable>
        )}
      </ReadState>
      {confirm.element}
    </section>
  );
}

function BlogRow({ blog, category, deleting, onDelete }: { blog: BlogListItem; category: string; deleting: boolean; onDelete: () => void }) {
  return (
    <tr className="hover:bg-gray-50/60">
      <th scope="row" className="px-4 py-3 font-semibold text-ink">{blog.title}</th>
      <td className="px-4 py-3 text-muted">{category}</td>
      <td className="px-4 py-3 text-muted">{GENDER_LABELS[blog.gender]}</td>
      <td className="whitespace-nowrap px-4 py-3 text-muted">
        <time dateTime={blog.publishDate}>{shortDate(blog.publishDate)}</time>
      </td>
      <td className="px-4 py-3">
        <RowActions name={blog.title} editHref={`/admin/blogs/${blog.id}`} onDelete={onDelete} deleting={deleting} />
      </td>
    </tr>
  );
}
