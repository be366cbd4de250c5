import { Spinner } from '../../components/ui/spinner';
import { RecentNotifications } from '../../features/notifications/components/recent-notifications';
import { ProjectStatisticsTiles } from '../../features/projects/components/project-statistics';
import { HOME_RECENT_LIMIT } from '@sunin/contract';
import { useAdminProjects } from '../../features/admin/api/list-projects';
import { RecentProjects, RecentProjectsCard } from '../../features/projects/components/recent-projects';
import { isAdmin } from '../../lib/access';
import { useCurrentUser } from '../../lib/current-user';
import { readSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/document-title';
import { LoadError } from '../../components/ui/load-error';
import { UI_MESSAGES } from '../../lib/messages';
import { UnverifiedEmailBanner } from '../../features/users/components/unverified-email-banner';
import { CompanyHeadlines, PartnerHeadlines } from './home-figures';

/**
 * An administrator owns no projects: their 'Recent Projects' are the company's, each opening in
 * the admin area (issue 14 item 11), like the statistic above it.
 */
function CompanyRecentProjects() {
  const projects = useAdminProjects(1, HOME_RECENT_LIMIT);
  return (
    <RecentProjectsCard
      projects={projects.data?.rows}
      failure={projects.isError ? { onRetry: () => projects.refetch(), retrying: projects.isFetching } : undefined}
      projectPath={(id) => `/admin/projects/${id}`}
      allProjectsPath="/admin/all-projects"
    />
  );
}

/**
 * /home. It lives in app/ because it composes several features (member-app.md 2 "Home"): three
 * headline figures linking to earnings and analytics (issue 17), the projects statistic,
 * 'Recent Notifications' and 'Recent Projects'.
 */
export function HomePage() {
  useDocumentTitle('Home');
  const profile = useCurrentUser();

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink-900">Home</h1>
        <div className="mt-2">
          {profile.isPending ? (
            <p className="flex items-center gap-2 text-ink-600">
              <Spinner /> Loading…
            </p>
          ) : profile.isError ? (
            <LoadError message={UI_MESSAGES.accountLoadFailed} onRetry={() => profile.refetch()} retrying={profile.isFetching} />
          ) : (
            <p className="text-lg text-ink-700">Welcome, {profile.data.first_name}!</p>
          )}
        </div>
      </div>

      {profile.data && <UnverifiedEmailBanner user={profile.data} />}

      {isAdmin(readSession()) ? <CompanyHeadlines /> : <PartnerHeadlines />}

      <ProjectStatisticsTiles />

      <div className="grid gap-6 lg:grid-cols-2">
        <RecentNotifications userId={profile.data?.id} />
        {isAdmin(readSession()) ? <CompanyRecentProjects /> : <RecentProjects />}
      </div>
    </div>
  );
}
