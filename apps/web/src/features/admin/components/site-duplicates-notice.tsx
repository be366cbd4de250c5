import { TextLink } from '../../../components/ui/text-link';
import { useAdminProjectDuplicates } from '../api/list-project-duplicates';

/**
 * Other projects at this project's site, any partner's (issue 37 item 6): a notice with a link to
 * each, shown only when there are some. A failure to read them says so quietly: the page works
 * without it.
 */
export function SiteDuplicatesNotice({ projectId, version }: { projectId: number; version: string }) {
  const duplicates = useAdminProjectDuplicates(projectId, version);
  if (duplicates.isError) return <p className="text-sm text-ink-600">Possible duplicates could not be checked.</p>;
  const rows = duplicates.data?.duplicates ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="site-duplicates-title" className="rounded-xl border border-late-200 bg-late-50 p-4 text-sm text-ink-900">
      <h2 id="site-duplicates-title" className="font-semibold text-late-800">
        Possible duplicates: {rows.length === 1 ? 'another project is' : `${rows.length} other projects are`} at this address
      </h2>
      <ul className="mt-2 space-y-1">
        {rows.map((row) => (
          <li key={row.id} className="break-words">
            <TextLink to={`/admin/projects/${row.id}`}>
              #{row.id} {row.company_name || 'Untitled project'}
            </TextLink>{' '}
            <span className="text-ink-700">
              ({row.owner_name || 'no owner name'}, {row.project_stage}) {row.address}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
