import type { ReactNode } from 'react';

export function EmptyState({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="empty-state" data-testid={testId} role="status">
      <h2>{title}</h2>
      {children}
    </div>
  );
}
