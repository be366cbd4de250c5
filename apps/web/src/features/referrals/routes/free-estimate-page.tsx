import { FREE_ESTIMATE_TITLE } from '@sunin/contract';
import { usePageMeta } from '../../../components/ui/page-meta';
import { FreeEstimateForm } from '../components/free-estimate-form';

/**
 * /free-estimate (issue 39 item 2): a prerendered public page, reached from a partner's link
 * (`/r/{code}` sets the attribution cookie and redirects here) or from the public site.
 */
export function FreeEstimatePage() {
  usePageMeta(FREE_ESTIMATE_TITLE, 'Tell us about your business and its power bill: SunIn emails you a free commercial solar savings estimate.');
  return (
    <section aria-labelledby="free-estimate-title" className="bg-gradient-to-b from-brand-50 to-ink-50">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <h1 id="free-estimate-title" className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
          {FREE_ESTIMATE_TITLE}
        </h1>
        <p className="mt-3 text-lg text-ink-700">
          Tell us about your business, its site and its power bill. Our team prepares your estimate and emails it to you; there is no cost and no obligation.
        </p>
        <div className="mt-8 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
          <FreeEstimateForm />
        </div>
      </div>
    </section>
  );
}
