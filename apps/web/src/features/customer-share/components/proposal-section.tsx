import type { PublicShare } from '@sunin/contract';
import { customerDate } from '../share-format';

/** Only web addresses become links (never javascript: or data:). */
const WEB_ADDRESS = /^https?:\/\//i;

/**
 * The engineering team's proposal (issue 36 item 2): the latest delivery with its links, earlier
 * ones listed as superseded; before the first, a line saying it is being prepared.
 */
export function ProposalSection({ share }: { share: PublicShare }) {
  const { proposal, superseded } = share;
  return (
    <section aria-labelledby="proposal-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="proposal-title" className="text-lg font-semibold text-ink-900">
        Your proposal
      </h2>
      {proposal ? (
        <>
          <p className="mt-1 text-sm text-ink-600">
            Version {proposal.version}, delivered {customerDate(proposal.delivered_at)}
          </p>
          {proposal.links.length > 0 ? (
            <ul className="mt-3 space-y-2">
              {proposal.links.filter((link) => WEB_ADDRESS.test(link.url)).map((link) => (
                <li key={link.url}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer" className="font-semibold break-words text-brand-700 underline-offset-2 hover:underline">
                    {link.title || 'Open the proposal'}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-ink-700">The summary and estimate on this page are the proposal.</p>
          )}
          {superseded.length > 0 && (
            <div className="mt-4">
              <h3 className="text-sm font-medium text-ink-700">Earlier versions</h3>
              <ul className="mt-1 space-y-1 text-sm text-ink-500">
                {superseded.map((version) => (
                  <li key={version.version}>
                    Version {version.version} (superseded), delivered {customerDate(version.delivered_at)}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <p className="mt-2 text-ink-700">Your proposal is being prepared. Our engineers are designing your system; this page shows the proposal as soon as it is ready.</p>
      )}
    </section>
  );
}
