/**
 * The form's honeypot (issue 39 item 2, bot protection without third parties): a field named
 * like one a bot fills in, off screen, out of the tab order and the accessibility tree, never
 * autofilled. A person leaves it empty; the server refuses a form that fills it.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute top-auto -left-[10000px] size-px overflow-hidden" data-honeypot>
      <label htmlFor="website_url">Website</label>
      <input id="website_url" name="website_url" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
