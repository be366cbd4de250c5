import { useProjectStatistics } from '../api/get-project-statistics';

const TILES = [
  { key: 'total', label: 'Total projects' },
  { key: 'working', label: 'Working' },
  { key: 'archived', label: 'Archived' },
] as const;

/**
 * /home's projects statistic (member-app.md 2): total, working (every stage but Archived) and
 * archived; a partner's own projects, the whole company's for an administrator (the server
 * decides and says which). While loading it shows dashes; a failure is silently ignored
 * (member-app.md 8) and the tiles are left out.
 */
export function ProjectStatisticsTiles() {
  const statistics = useProjectStatistics();
  if (statistics.isError) return null;
  return (
    <section aria-label="Projects statistic">
      <p className="mb-2 text-sm text-ink-600">{statistics.data ? (statistics.data.scope === 'company' ? 'All projects in the company' : 'Your projects') : '\u00a0'}</p>
      <dl className="grid grid-cols-3 gap-3">
        {TILES.map((tile) => (
          <div key={tile.key} className="rounded-2xl border border-ink-200 bg-white px-3 py-4 shadow-sm sm:px-5">
            <dt className="text-xs font-medium text-ink-600 sm:text-sm">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink-900 sm:text-3xl">
              {statistics.data ? statistics.data[tile.key] : <span className="text-ink-300">–</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
