/** The look shared by inputs, selects and text areas (kept in step with TextField). */
export const fieldClasses = (invalid: boolean) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-ink-900 shadow-sm placeholder:text-ink-400 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-ink-100 sm:text-sm ${
    invalid ? 'border-danger-600' : 'border-ink-300'
  }`;

export const labelClasses = 'block text-sm font-medium text-ink-700';
