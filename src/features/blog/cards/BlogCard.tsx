/**
 * The blog card for islands: the same markup and classes as BlogCard.astro (picture, category,
 * title, excerpt, date and a 'SEE MORE' link; as a card or a row), so runtime lists look the same.
 */
import { blogCategoryHref, blogHref } from '../../../lib/links.ts';
import type { BlogCardData } from './card.ts';
import { shortDate } from '../core/dates.ts';

interface Props {
  blog: BlogCardData;
  category?: { id: string; name: string };
  variant?: 'card' | 'row';
  eager?: boolean;
}

export function BlogCard({ blog, category, variant = 'card', eager = false }: Props) {
  const href = blogHref(blog.id, blog.title);
  const picture = blog.imageUrl ?? '/media/blog-placeholder.svg';
  const categoryLink = category && (
    <a href={blogCategoryHref(category.id)} className="relative z-10 w-fit text-xs font-semibold uppercase tracking-wide text-brand-700 hover:underline">
      {category.name}
    </a>
  );
  const title = (
    <h3 className="line-clamp-2 font-semibold leading-snug text-ink">
      <a href={href} data-track-blog={blog.id} className="after:absolute after:inset-0 after:content-['']">{blog.title}</a>
    </h3>
  );
  const seeMore = (className: string) => (
    <a href={href} className={className}>
      SEE MORE<span className="sr-only">: {blog.title}</span>
    </a>
  );

  if (variant === 'row') {
    return (
      <article className="group relative flex gap-4 rounded-2xl p-2 transition hover:bg-brand-50/60">
        <img src={picture} alt="" width={160} height={84} loading="lazy" decoding="async" className="aspect-[40/21] w-32 shrink-0 rounded-xl object-cover sm:w-40" />
        <div className="flex min-w-0 flex-col gap-1">
          {categoryLink}
          {title}
          <p className="line-clamp-2 text-sm text-muted">{blog.excerpt}</p>
          {seeMore('relative z-10 w-fit text-xs font-semibold tracking-wide text-brand-700 hover:underline')}
        </div>
      </article>
    );
  }
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-black/5 bg-white transition hover:shadow-lg">
      <img src={picture} alt="" width={600} height={315} loading={eager ? 'eager' : 'lazy'} decoding="async" className="aspect-[40/21] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {categoryLink}
        {title}
        <p className="line-clamp-3 text-sm text-muted">{blog.excerpt}</p>
        <div className="mt-auto flex items-center justify-between pt-2 text-xs text-muted">
          <time dateTime={blog.publishDate}>{shortDate(blog.publishDate)}</time>
          {seeMore('relative z-10 font-semibold tracking-wide text-brand-700 hover:underline')}
        </div>
      </div>
    </article>
  );
}
