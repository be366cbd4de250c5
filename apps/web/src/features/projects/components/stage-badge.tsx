import { ARCHIVED_STAGE, type ProjectStage } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';

/** member-app.md 2: the stage badge is red for 'Archived', green otherwise. */
export function StageBadge({ stage }: { stage: ProjectStage }) {
  return <Badge tone={stage === ARCHIVED_STAGE ? 'red' : 'green'}>{stage}</Badge>;
}
