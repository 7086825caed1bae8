/**
 * An article's body: the markdown's HTML segments as they are (../text/markdown.ts already made
 * them safe) with the product embeds in between; 'No content available' when there is nothing.
 * The article page renders it at build time without JavaScript; the admin editor's preview renders
 * it live, wrapping each embed in an error boundary.
 */
import { Fragment, type ComponentType, type ReactNode } from 'react';
import { embedHeadingLevel, type EmbedView } from '../text/embeds.ts';
import type { BlogSegment } from '../text/markdown.ts';
import { BlogEmbed } from './BlogEmbed.tsx';
import './blog-body.css';

export interface BodySegment {
  segment: BlogSegment;
  embed: EmbedView | null;
}

export function BlogBody({ segments, EmbedBoundary = Fragment }: {
  segments: readonly BodySegment[];
  /** Wraps each embed, e.g. so a failed one shows 'Something went wrong' instead of breaking the page. */
  EmbedBoundary?: ComponentType<{ children: ReactNode }>;
}) {
  if (segments.length === 0) return <p className="rounded-2xl bg-gray-50 p-8 text-center text-muted">No content available</p>;
  const plain = segments.map((s) => s.segment);
  return (
    <div className="blog-body">
      {segments.map(({ segment, embed }, index) =>
        segment.kind === 'html' ? (
          <div key={index} className="blog-prose" dangerouslySetInnerHTML={{ __html: segment.html }} />
        ) : (
          embed && (
            <EmbedBoundary key={index}>
              <BlogEmbed view={embed} level={embedHeadingLevel(plain, index)} />
            </EmbedBoundary>
          )
        ),
      )}
    </div>
  );
}
