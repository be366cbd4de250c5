import { useMutation } from '@tanstack/react-query';
import { usageImportSchema, type UsageImport } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { projectPath, useProjectApi } from './project-api';

/**
 * POST /api/projects/:id/usage-imports (or the admin's): a Green Button file read into 12
 * months per meter, for review in the form. Nothing is saved.
 */
export function useImportUsage(projectId: number) {
  const api = useProjectApi();
  return useMutation({
    mutationFn: async (file: File): Promise<UsageImport> => {
      const body = new FormData();
      body.append('file', file, file.name);
      return usageImportSchema.parse(await apiRequest<unknown>(`${projectPath(api, projectId)}/usage-imports`, { method: 'POST', body }));
    },
  });
}
