import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardCard, BoardResponse, ProjectStage } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminProjectKey } from './get-project';
import { adminProjectsKey } from './list-projects';
import { updateProjectStage } from './update-project-stage';

/** Under ['admin', ...]: the live `admin_changed` event (another admin's move) reads the board again. */
export const adminBoardKey = ['admin', 'board'] as const;

/** The board's filters, as the address holds them. */
export interface BoardFilters {
  ownerId?: number | undefined;
  state?: string | undefined;
  stalled?: boolean | undefined;
}

const boardQuery = ({ ownerId, state, stalled }: BoardFilters) => ({ owner_id: ownerId, state: state || undefined, stalled: stalled ? 'true' : undefined });

/** GET /api/admin/board?owner_id&state&stalled: every column with its count, deal value total and first cards. */
export function useBoard(filters: BoardFilters) {
  return useQuery({
    queryKey: [...adminBoardKey, filters],
    queryFn: ({ signal }) => apiRequest<BoardResponse>('/admin/board', { query: boardQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/board/columns/{stage}?cursor: the column's next cards, same filters. */
export function getColumnPage(stage: ProjectStage, cursor: string, filters: BoardFilters): Promise<{ cards: BoardCard[]; next_cursor: string | null }> {
  return apiRequest(`/admin/board/columns/${encodeURIComponent(stage)}`, { query: { ...boardQuery(filters), cursor } });
}

/**
 * Moving a card is the project page's stage change (PUT /api/admin/projects/:id): the same
 * history, owner notification, earnings entry and audit entry. The board, the project lists
 * and the project's own page read again afterwards.
 */
export function useMoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, to }: { card: BoardCard; to: ProjectStage }) => updateProjectStage(card.id, to),
    onSuccess: (project) => {
      queryClient.setQueryData(adminProjectKey(project.id), project);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'earnings'] });
      void queryClient.invalidateQueries({ queryKey: [...adminProjectsKey, 'list'] });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBoardKey }),
  });
}
