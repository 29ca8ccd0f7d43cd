// The counts of one sync run in a sentence.
import { useTranslation } from 'react-i18next';
import type { SyncCounts } from '../../../shared/views';

export function useRunSummary(): (counts: SyncCounts) => string {
  const { t } = useTranslation();
  return (c) => t('sync.summary', { added: c.added, changed: c.changed, sold: c.sold, removed: c.removed, dropped: c.droppedByPortal, failed: c.failed });
}
