import { useEffect, useState } from 'react';
import type { InventorySummary } from '../../../shared/views';
import { api } from '../api';

export function useSummary(version: number): InventorySummary | null {
  const [summary, setSummary] = useState<InventorySummary | null>(null);
  useEffect(() => {
    let live = true;
    api.call('inventory.summary', {}).then(
      (s) => live && setSummary(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [version]);
  return summary;
}
