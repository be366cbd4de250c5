import type { AuditEntry } from '@sunin/contract';
import { describeAuditAction, auditActor } from '../../../components/activity/activity-sentence';
import { PagedFeed } from '../../../components/activity/paged-feed';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { useNow } from '../../../lib/use-now';
import { useProjectActivity } from '../api/list-project-activity';

/** The dot's colour: stage moves and proposal work stand out from edits. */
function dotOf(entry: AuditEntry): string {
  if (entry.action === 'stage_changed') return 'bg-brand-600';
  if (entry.entity_type === 'proposal_ticket') return 'bg-sun-500';
  return 'bg-ink-400';
}

function TimelineEntry({ entry, now }: { entry: AuditEntry; now: number }) {
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      <span aria-hidden="true" className={`absolute top-1.5 -left-[5px] size-2.5 rounded-full ring-4 ring-white ${dotOf(entry)}`} />
      <p className="text-sm break-words text-ink-800">
        <span className="font-semibold text-ink-900">{auditActor(entry)}</span> {describeAuditAction(entry)}
      </p>
      <p className="text-xs text-ink-500">
        <time dateTime={entry.created_at} title={formatDateTime(entry.created_at)}>
          {formatRelativeTime(entry.created_at, now)}
        </time>
        <span aria-hidden="true"> · </span>
        <span>{formatDateTime(entry.created_at)}</span>
      </p>
    </li>
  );
}

/**
 * Timeline (issue 18 item 2): what happened to the project, newest first, in plain words with
 * relative and exact times: its creation, stage changes, proposal requests and updates,
 * contacts, links, photos and files, and edits with the fields changed. On the member's and the
 * admin's project detail; it follows saves and live notifications through the project's key.
 */
export function TimelinePanel({ projectId }: { projectId: number }) {
  const activity = useProjectActivity(projectId);
  const now = useNow().getTime();
  return (
    <section aria-labelledby={`timeline-${projectId}`} className="space-y-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
      <h2 id={`timeline-${projectId}`} className="text-lg font-semibold text-ink-900">
        Timeline
      </h2>
      <PagedFeed
        feed={activity}
        loadingLabel="Loading the timeline…"
        failedMessage="The timeline could not be loaded."
        emptyTitle="Nothing has happened yet"
        renderList={(entries) => (
          <ol aria-label="Project timeline" className="border-l border-ink-200">
            {entries.map((entry) => (
              <TimelineEntry key={entry.id} entry={entry} now={now} />
            ))}
          </ol>
        )}
      />
    </section>
  );
}
