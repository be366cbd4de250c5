import { useEffect, useState } from 'react';
import type { ReferralResponse } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { CopyLinkField } from '../../../components/ui/copy-link-field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { downloadReferralQr, fetchReferralQr, type ReferralQrFormat } from '../api/referral-qr';

export const REFERRAL_LINK_TEXTS = {
  linkLabel: 'Your referral link',
  linkNote: 'Send it to business owners, or print the QR code on a card: a business owner who opens it lands on our free savings estimate form.',
  qrAlt: (url: string) => `QR code of your referral link, ${url}`,
  qrFailed: 'The QR code could not be loaded.',
  downloadFailed: 'The QR code could not be downloaded. Please try again.',
} as const;

/** A blob as a data: URL (the page's CSP allows data: images, not blob: ones). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return `data:${blob.type || 'image/png'};base64,${btoa(binary)}`;
}

/** The PNG of the link, fetched with the token and shown as a data: URL. */
function QrImage({ code, url }: { code: string; url: string }) {
  const [state, setState] = useState<{ src: string } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    const controller = new AbortController();
    fetchReferralQr('png', controller.signal)
      .then(dataUrlOf)
      .then((src) => {
        if (!controller.signal.aborted) setState({ src });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('failed');
      });
    return () => controller.abort();
  }, [code]);
  if (state === 'loading') {
    return (
      <div className="flex size-40 items-center justify-center rounded-lg border border-ink-200 text-brand-700">
        <Spinner className="size-6" label="Loading the QR code…" />
      </div>
    );
  }
  if (state === 'failed') return <p className="text-sm text-danger-700">{REFERRAL_LINK_TEXTS.qrFailed}</p>;
  return <img src={state.src} alt={REFERRAL_LINK_TEXTS.qrAlt(url)} width={160} height={160} className="size-40 rounded-lg border border-ink-200 bg-white p-2" />;
}

function QrDownloads({ code }: { code: string }) {
  const [pending, setPending] = useState<ReferralQrFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: ReferralQrFormat) => {
    setPending(format);
    setFailure(null);
    try {
      await downloadReferralQr(format, code);
    } catch (error) {
      setFailure(errorMessage(error, REFERRAL_LINK_TEXTS.downloadFailed));
    } finally {
      setPending(null);
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" pending={pending === 'png'} onClick={() => void download('png')}>
          Download PNG
        </Button>
        <Button variant="secondary" pending={pending === 'svg'} onClick={() => void download('svg')}>
          Download SVG
        </Button>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-danger-700">
          {failure}
        </p>
      )}
    </div>
  );
}

/** What the link has brought: clicks, leads and converted leads (issue 39 item 1). */
export function ReferralCounts({ referral }: { referral: ReferralResponse }) {
  const figures = [
    { term: 'Clicks', value: referral.clicks },
    { term: 'Leads', value: referral.leads },
    { term: 'Converted', value: referral.converted },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {figures.map((figure) => (
        <div key={figure.term} className="flex flex-col rounded-xl border border-ink-200 bg-ink-50 p-3 text-center">
          <dt className="text-xs font-medium text-ink-600 sm:text-sm">{figure.term}</dt>
          <dd className="order-first text-2xl font-bold text-ink-900">{figure.value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The partner's link with Copy, its QR code to print (PNG and SVG), and its counts. */
export function ReferralLinkPanel({ referral }: { referral: ReferralResponse }) {
  return (
    <Panel title="Your link" description="Everything that comes through it is counted here.">
      <div className="grid gap-6 md:grid-cols-[1fr_auto]">
        <div className="min-w-0 space-y-5">
          <CopyLinkField url={referral.url} label={REFERRAL_LINK_TEXTS.linkLabel} note={REFERRAL_LINK_TEXTS.linkNote} />
          <ReferralCounts referral={referral} />
        </div>
        <div className="space-y-3">
          <QrImage code={referral.code} url={referral.url} />
          <QrDownloads code={referral.code} />
        </div>
      </div>
    </Panel>
  );
}
