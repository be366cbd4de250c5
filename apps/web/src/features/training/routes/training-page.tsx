import { useSearchParams } from 'react-router';
import { TRAINING_VIDEO_CATALOG, TRAINING_VIDEO_SETTING, type TrainingVideo } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { usePageMeta } from '../../../components/ui/page-meta';
import { PageSpinner } from '../../../components/ui/spinner';
import { useTrainingVideos } from '../api/list-training-videos';
import { TrainingVideoCard } from '../components/training-video';
import { ChevronIcon } from '../../../components/ui/chevron-icon';
import { isAdmin } from '../../../lib/access';
import { PARTNERS_EMAIL } from '../../../lib/config';
import { readSession } from '../../../lib/session';

const PLATFORM = 'platform';

function VideoList({ videos }: { videos: TrainingVideo[] }) {
  return (
    <ul className="mt-4 grid gap-6 md:grid-cols-2">
      {videos.map((video) => (
        <TrainingVideoCard key={video.id} video={video} />
      ))}
    </ul>
  );
}

/**
 * No videos configured (public-site-and-admin.md 2.4's 'No Training Videos Available', kept as
 * written) is not a dead end (issue 34 item 7): a member sees what the training covers and whom
 * to ask; an administrator sees the setting that turns the videos on.
 */
function NoVideos() {
  return (
    <div className="space-y-4">
      <EmptyState title="No Training Videos Available">New videos will appear here as soon as they are published.</EmptyState>
      <section aria-labelledby="training-covers-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="training-covers-title" className="text-lg font-semibold text-ink-900">
          What the training covers
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-ink-700">
          {TRAINING_VIDEO_CATALOG.map((video) => (
            <li key={video.id}>
              <span className="font-medium text-ink-900">{video.title}</span>: {video.covers}.
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-ink-700">
          Questions in the meantime? Our partnerships team walks you through any of it:{' '}
          <a href={`mailto:${PARTNERS_EMAIL}`} className="font-semibold text-brand-700 underline">
            {PARTNERS_EMAIL}
          </a>
          .
        </p>
      </section>
      {isAdmin(readSession()) && (
        <Alert tone="info">
          <p className="font-semibold text-ink-900">For administrators: turning the videos on</p>
          <p className="mt-1">
            Set <code className="rounded bg-ink-100 px-1 font-mono text-xs break-all">{TRAINING_VIDEO_SETTING}</code> in the server's environment to the
            address where the six files are hosted ({TRAINING_VIDEO_CATALOG.map((video) => video.file).join(', ')}), then restart the server. The videos
            then show here for every member.
          </p>
        </Alert>
      )}
    </div>
  );
}

/**
 * /sunin-school (public-site-and-admin.md 2.4): breadcrumb Home > Training, the getting-started
 * videos, and a platform category whose sub-view has a 'Back to Categories' button. The
 * sub-view is in the URL (?category=platform) so that the browser's back button works too.
 */
export function TrainingPage() {
  usePageMeta('Training', 'SunIn School: training videos for partners on accounts, projects and proposals.');
  const videos = useTrainingVideos();
  const [searchParams, setSearchParams] = useSearchParams();
  const showPlatform = searchParams.get('category') === PLATFORM;

  let content;
  if (videos.isPending) {
    content = <PageSpinner label="Loading training videos…" />;
  } else if (videos.isError) {
    content = (
      <Alert tone="error">
        The training videos could not be loaded.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void videos.refetch()}>
          Try again
        </button>
      </Alert>
    );
  } else if (videos.data.length === 0) {
    content = <NoVideos />;
  } else {
    const gettingStarted = videos.data.filter((video) => video.category === 'getting-started');
    const platform = videos.data.filter((video) => video.category === PLATFORM);
    content =
      showPlatform ? (
        <section aria-labelledby="platform-title">
          <Button variant="secondary" onClick={() => setSearchParams({})}>
            <ChevronIcon direction="left" />
            Back to Categories
          </Button>
          <h2 id="platform-title" className="mt-6 text-xl font-bold text-ink-900">
            Platform
          </h2>
          <p className="mt-1 text-sm text-ink-600">Projects, navigation and proposals, step by step.</p>
          {platform.length > 0 ? <VideoList videos={platform} /> : <EmptyState className="mt-4" title="No Training Videos Available" />}
        </section>
      ) : (
        <div className="space-y-10">
          {gettingStarted.length > 0 && (
            <section aria-labelledby="getting-started-title">
              <h2 id="getting-started-title" className="text-xl font-bold text-ink-900">
                Getting Started
              </h2>
              <VideoList videos={gettingStarted} />
            </section>
          )}
          {platform.length > 0 && (
            <section aria-labelledby="categories-title">
              <h2 id="categories-title" className="text-xl font-bold text-ink-900">
                Categories
              </h2>
              <div className="mt-4 flex flex-col gap-4 rounded-2xl border border-ink-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="text-lg font-semibold text-ink-900">Platform</h3>
                  <p className="mt-1 text-sm text-ink-600">
                    {platform.length} {platform.length === 1 ? 'video' : 'videos'}: {platform.map((video) => video.title).join(', ')}
                  </p>
                </div>
                <Button onClick={() => setSearchParams({ category: PLATFORM })}>Open Platform videos</Button>
              </div>
            </section>
          )}
        </div>
      );
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Breadcrumb items={[{ label: 'Home', to: '/home' }, { label: 'Training' }]} />
      <div>
        <p className="text-sm font-semibold text-brand-700">SunIn School</p>
        <h1 className="text-2xl font-bold text-ink-900">Training</h1>
        <p className="mt-1 text-sm text-ink-600">Short videos that take you from your first login to your first proposal.</p>
      </div>
      {content}
    </div>
  );
}
