import { screen, within } from '@testing-library/react';
import type { Project, UsageImport } from '@sunin/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildProject, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { UtilityInfoForm } from './utility-info-form';

const usage: UsageImport = {
  meters: [[100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, null]],
  period_start: '2024-01-01',
  period_end: '2024-12-31',
  source: 'espi_xml',
  warnings: ['no readings for December 2024.'],
};

function setup(answer: () => Response) {
  saveSession('jwt', buildUser());
  const project = buildProject({ id: 7, power_bill_received_status: 'Yes', kilowatt_amounts: [] });
  const calls = stubFetch(({ url, method, body }) => {
    if (url.pathname === '/api/projects/7/usage-imports') return answer();
    if (method === 'PATCH') return jsonResponse({ ...project, ...(body as { project: Partial<Project> }).project });
    return jsonResponse(project);
  });
  const rendered = renderRoutes([{ path: '/', element: <UtilityInfoForm project={project} /> }]);
  return { calls, ...rendered };
}

afterEach(() => sessionStorage.clear());

describe('Import usage in Utility Info (issue 16 item 5)', { timeout: 30_000 }, () => {
  it('reads a Green Button file on the server, shows what it found and fills the blank meter for review; Save sends it', async () => {
    const { calls, user } = setup(() => jsonResponse(usage));
    await user.click(screen.getByRole('button', { name: 'Import usage' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import usage' }));
    await user.upload(dialog.getByLabelText('Green Button file'), new File(['<feed/>'], 'greenbutton.xml', { type: 'application/xml' }));
    expect(await dialog.findByText(/One meter, January 1, 2024 to December 31, 2024 \(Green Button XML\)/)).toBeInTheDocument();
    expect(dialog.getByText('no readings for December 2024.')).toBeInTheDocument();
    const upload = calls.find((call) => call.url.pathname === '/api/projects/7/usage-imports')!;
    expect(upload.method).toBe('POST');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.click(dialog.getByRole('button', { name: 'Use these months' }));
    expect(await screen.findByText('Usage imported: review the months, then save Utility Information.')).toBeInTheDocument();
    const meter = within(screen.getByRole('group', { name: 'Meter 1' }));
    expect(meter.getByLabelText('Month 1')).toHaveValue(100);
    expect(meter.getByLabelText('Month 11')).toHaveValue(1100);
    expect(meter.getByLabelText('Month 12')).toHaveValue(null);
    expect(screen.queryByRole('group', { name: 'Meter 2' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Utility Information' }));
    expect(await screen.findByText('Updated utility information successfully!', undefined, { timeout: 5000 })).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect((patch.body as { project: Project }).project.kilowatt_amounts).toEqual([['100', '200', '300', '400', '500', '600', '700', '800', '900', '1000', '1100', '']]);
  });

  it("says why a file cannot be read and keeps the form as it was", async () => {
    const { user } = setup(() => jsonResponse({ error: { code: 'validation_failed', message: 'The file is not readable XML: Unclosed root tag.', fields: { file: 'The file is not readable XML: Unclosed root tag.' } } }, { status: 422 }));
    await user.click(screen.getByRole('button', { name: 'Import usage' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import usage' }));
    await user.upload(dialog.getByLabelText('Green Button file'), new File(['<feed>'], 'broken.xml', { type: 'application/xml' }));
    expect(await dialog.findByText('The file could not be read.')).toBeInTheDocument();
    expect(dialog.getByText('The file is not readable XML: Unclosed root tag.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Use these months' })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(within(screen.getByRole('group', { name: 'Meter 1' })).getByLabelText('Month 1')).toHaveValue(null);
  });
});
