import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PagedList } from '../../lib/paged-list';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { LoadError } from '../ui/load-error';
import { Spinner } from '../ui/spinner';

interface PagedFeedProps<T> {
  feed: UseInfiniteQueryResult<InfiniteData<PagedList<T>>>;
  loadingLabel: string;
  /** Shown with Retry when the first page, or the next, cannot be loaded. */
  failedMessage: string;
  emptyTitle: string;
  /** The list: an <ol> of the items, which the caller styles. */
  renderList: (items: T[]) => ReactNode;
}

/**
 * A newest-first list loaded page by page (the admin Activity, the project Timeline): a
 * spinner, Retry on failure, an empty state, "Showing n of total" and Show more.
 */
export function PagedFeed<T>({ feed, loadingLabel, failedMessage, emptyTitle, renderList }: PagedFeedProps<T>) {
  const items = feed.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = feed.data?.pages.at(-1)?.total ?? 0;
  if (feed.isPending) {
    return (
      <div className="flex justify-center p-6 text-brand-700">
        <Spinner className="size-6" label={loadingLabel} />
      </div>
    );
  }
  if (feed.isError && items.length === 0) return <LoadError message={failedMessage} onRetry={() => feed.refetch()} retrying={feed.isFetching} />;
  if (items.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <>
      {renderList(items)}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-600" aria-live="polite">{`Showing ${items.length} of ${total}`}</p>
        {feed.isFetchNextPageError ? (
          <LoadError message={failedMessage} onRetry={() => feed.fetchNextPage()} retrying={feed.isFetchingNextPage} />
        ) : (
          feed.hasNextPage && (
            <Button variant="secondary" onClick={() => void feed.fetchNextPage()} pending={feed.isFetchingNextPage}>
              Show more
            </Button>
          )
        )}
      </div>
    </>
  );
}
