const STEP_NAMES = ['Plan', 'Referral', 'Your details', 'Address', 'Checkout'] as const;

/**
 * member-app.md 2: the bar appears once a plan is chosen and has 5 steps for a sales partner
 * (the fifth is the checkout) and 4 otherwise.
 */
export function SignupProgress({ step, total }: { step: number; total: 4 | 5 }) {
  const names = STEP_NAMES.slice(0, total);
  const percent = Math.round((step / total) * 100);
  return (
    <div className="mb-6">
      <div
        role="progressbar"
        aria-label="Signup progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${total}: ${names[step - 1] ?? ''}`}
        className="h-2 overflow-hidden rounded-full bg-ink-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-ink-600 sm:hidden">
        Step {step} of {total}: {names[step - 1]}
      </p>
      <ol className="mt-3 hidden grid-flow-col gap-2 text-xs sm:grid" aria-label="Signup steps">
        {names.map((name, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'upcoming';
          return (
            <li
              key={name}
              aria-current={state === 'current' ? 'step' : undefined}
              className={
                state === 'current' ? 'font-semibold text-brand-800' : state === 'done' ? 'text-ink-700' : 'text-ink-400'
              }
            >
              {number}. {name}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
