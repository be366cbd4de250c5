import { useQuery } from '@tanstack/react-query';
import type { Contact, ProjectLink, StoredFile } from '@sunin/contract';
import { getList } from './paged-list';

type Resource = 'contacts' | 'project_links' | 'images' | 'files';
interface ResourceRow {
  contacts: Contact;
  project_links: ProjectLink;
  images: StoredFile;
  files: StoredFile;
}

/** GET /api/admin/projects/:id/{contacts,project_links,images,files} (read-only here). */
export function useProjectRecords<R extends Resource>(projectId: number, resource: R) {
  return useQuery({
    queryKey: ['admin', 'projects', 'records', projectId, resource],
    queryFn: ({ signal }) => getList<ResourceRow[R]>(`/admin/projects/${projectId}/${resource}`, undefined, signal),
  });
}
