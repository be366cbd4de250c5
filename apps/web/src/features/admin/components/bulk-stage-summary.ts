import { enumLabel, type AdminBulkStageResult } from '@sunin/contract';

const projects = (count: number) => `${count} project${count === 1 ? '' : 's'}`;

/**
 * The toast after a bulk stage change (issue 15 item 6): what moved, what already had the stage
 * and what failed, with each failure's id and reason. An error when anything failed.
 */
export function bulkStageSummary(result: AdminBulkStageResult, stage: string): { tone: 'success' | 'error'; message: string } {
  const label = enumLabel('project_stage', stage);
  const parts: string[] = [];
  if (result.changed.length > 0) parts.push(`Moved ${projects(result.changed.length)} to ${label}.`);
  if (result.unchanged.length > 0) {
    const ids = result.unchanged.map((row) => `#${row.id}`).join(', ');
    parts.push(`${projects(result.unchanged.length)} already ${result.unchanged.length === 1 ? 'was' : 'were'} in ${label} (${ids}).`);
  }
  if (result.failed.length > 0) {
    const reasons = result.failed.map((row) => `#${row.id}: ${row.message.replace(/\.$/, '')}`).join('; ');
    parts.push(`${projects(result.failed.length)} could not be moved (${reasons}).`);
  }
  if (parts.length === 0) parts.push('No project was changed.');
  return { tone: result.failed.length > 0 ? 'error' : 'success', message: parts.join(' ') };
}
