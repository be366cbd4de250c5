import type { ReactNode } from 'react';
import type { ShareGone } from '@sunin/contract';
import { Logo } from '../../../components/ui/logo';
import { PartnerContact } from './partner-card';

/** A page of its own for a link that cannot show the proposal: a centred card under SunIn's brand. */
export function NoticeCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-ink-50">
      <header className="border-b border-ink-200 bg-white">
        <div className="mx-auto max-w-5xl px-4 py-4 sm:px-6">
          <Logo to={null} />
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-10 sm:px-6">
        <div className="rounded-2xl border border-ink-200 bg-white p-6 shadow-sm">
          <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
          <div className="mt-3 space-y-4 text-ink-700">{children}</div>
        </div>
      </main>
    </div>
  );
}

/** 410 (issue 36 item 1): expired or withdrawn, and the partner to ask for a new link. */
export function GonePage({ gone }: { gone: ShareGone }) {
  const partner = gone.partner;
  const who = partner.company_name ? `${partner.name} at ${partner.company_name}` : partner.name;
  return (
    <NoticeCard title={gone.reason === 'expired' ? 'This link has expired' : 'This link was withdrawn'}>
      <p>{gone.reason === 'expired' ? 'Proposal links work for a limited time.' : 'The partner who sent it has withdrawn this link.'}</p>
      <p className="font-medium text-ink-900">Ask {who} for a new link.</p>
      <PartnerContact partner={partner} className="rounded-xl border border-ink-200 p-4" />
    </NoticeCard>
  );
}
