// The badges of one listing: where it stands on the portal and what needs the dealer's attention.
import type { TFunction } from 'i18next';
import type { VehicleRowView } from '../../../shared/views';
import { Badge } from './Badge';

interface Props {
  row: Pick<VehicleRowView, 'publication' | 'rejectedPhotoCount' | 'urlReady' | 'problemCount' | 'active'>;
  /** Also show "On the portal" (the detail page); the list shows only what stands out. */
  showOnPortal?: boolean;
  /** The screen's translation (the list's, for its rows). */
  t: TFunction;
}

export function PublicationBadges({ row, showOnPortal, t }: Props) {
  const p = row.publication;
  // Publish and (un)highlight: the unpublish has its own badges above (its fields predate `request`).
  const request = p.request;
  const other = request && request.action !== 'unpublish' ? { action: request.action, status: request.status, message: request.message } : null;
  return (
    <span className="badges">
      {p.unpublish === 'pending' && (
        <Badge tone="info" explain={t('detail.state.pending')}>
          {t('badges.unpublishPending')}
        </Badge>
      )}
      {p.unpublish === 'queued' && (
        <Badge tone="info" explain={t('detail.state.queued')}>
          {t('badges.unpublishQueued')}
        </Badge>
      )}
      {p.unpublish === 'refused' && (
        <Badge tone="danger" explain={p.unpublishMessage ? t('detail.state.refused', { message: p.unpublishMessage }) : t('detail.state.refusedNoMessage')}>
          {t('badges.unpublishRefused')}
        </Badge>
      )}
      {other && (
        <span data-request={other.action} data-status={other.status} className="badge-wrap">
          <Badge
            tone={other.status === 'refused' || other.status === 'not_applied' ? 'danger' : 'info'}
            explain={t(other.status === 'refused' && !other.message ? 'detail.request.refusedNoMessage' : `detail.request.${other.status}`, {
              action: t(`detail.request.${other.action}`),
              message: other.message ?? '',
            })}
          >
            {t(`badges.request.${other.action}.${other.status}`)}
          </Badge>
        </span>
      )}
      {!p.onPortal && p.unpublish !== 'pending' && (
        <span data-reason={p.notOnPortalReason ?? 'unknown'} className="badge-wrap">
          <Badge
            tone={p.notOnPortalReason === 'droppedByPlan' ? 'danger' : 'warn'}
            explain={`${t('badges.notOnPortal')}: ${t(`badges.reason.${p.notOnPortalReason ?? 'unknown'}`)}`}
          >
            {t(`badges.offShort.${p.notOnPortalReason ?? 'unknown'}`)}
          </Badge>
        </span>
      )}
      {p.onPortal && showOnPortal && <Badge tone="ok">{t('badges.onPortal')}</Badge>}
      {p.onPortal && p.highlighted && <Badge tone="accent">{t('badges.highlighted')}</Badge>}
      {/* Once: an inactive listing off the portal already says so in its reason's badge. */}
      {row.active === false && !(!p.onPortal && p.notOnPortalReason === 'inactive') && <Badge tone="neutral">{t('badges.inactive')}</Badge>}
      {row.rejectedPhotoCount > 0 && (
        <Badge tone="warn" explain={t('photos.rejectedFix')}>
          {t('badges.rejectedPhotos', { count: row.rejectedPhotoCount })}
        </Badge>
      )}
      {!row.urlReady && p.onPortal && (
        <Badge tone="neutral" explain={t('detail.urlPending')}>
          {t('badges.urlNotReady')}
        </Badge>
      )}
      {row.problemCount > 0 && <Badge tone="danger">{t('badges.problems', { count: row.problemCount })}</Badge>}
    </span>
  );
}
