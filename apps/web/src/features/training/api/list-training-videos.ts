import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrainingVideo } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/training/videos: the SunIn School videos configured for this deployment. */
export async function listTrainingVideos(signal?: AbortSignal): Promise<TrainingVideo[]> {
  return apiRequest<TrainingVideo[]>('/training/videos', { signal });
}

export const trainingVideosQueryOptions = () =>
  queryOptions({
    queryKey: ['training', 'videos'] as const,
    queryFn: ({ signal }) => listTrainingVideos(signal),
    // The list only changes with a deployment.
    staleTime: 5 * 60 * 1000,
  });

export function useTrainingVideos() {
  return useQuery(trainingVideosQueryOptions());
}
