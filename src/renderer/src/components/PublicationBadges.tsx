// The badges of one listing: where it stands on the portal and what needs the dealer's attention.
// data-testids: badge-on-portal, badge-not-on-portal (data-reason), badge-unpublish-pending,
// badge-unpublish-queued, badge-unpublish-refused, badge-highlighted, badge-rejected-photos,
// badge-url-not-ready, badge-problems, badge-inactive.
import { useTranslation } from 'react-i18next';
import type { VehicleRowView } from '../../../shared/views';
import { Badge } from './Badge';

interface Props {
  row: Pick<VehicleRowView, 'publication' | 'rejectedPhotoCount' | 'urlReady' | 'problemCount' | 'active'>;
  /** Also show "On the portal" (the detail page); the list shows only what stands out. */
  showOnPortal?: boolean;
}

export function PublicationBadges({ row, showOnPortal }: Props) {
  const { t } = useTranslation();
  const p = row.publication;
  return (
    <span className="badges">
      {p.unpublish === 'pending' && (
        <Badge tone="info" testId="badge-unpublish-pending" explain={t('detail.state.pending')}>
          {t('badges.unpublishPending')}
        </Badge>
      )}
      {p.unpublish === 'queued' && (
        <Badge tone="info" testId="badge-unpublish-queued" explain={t('detail.state.queued')}>
          {t('badges.unpublishQueued')}
        </Badge>
      )}
      {p.unpublish === 'refused' && (
        <Badge
          tone="danger"
          testId="badge-unpublish-refused"
          explain={p.unpublishMessage ? t('detail.state.refused', { message: p.unpublishMessage }) : t('detail.state.refusedNoMessage')}
        >
          {t('badges.unpublishRefused')}
        </Badge>
      )}
      {!p.onPortal && p.unpublish !== 'pending' && (
        <span data-testid="badge-not-on-portal" data-reason={p.notOnPortalReason ?? 'unknown'} className="badge-wrap">
          <Badge tone={p.notOnPortalReason === 'dropped_by_portal' ? 'danger' : 'warn'} explain={`${t('badges.notOnPortal')}: ${t(`badges.reason.${p.notOnPortalReason ?? 'unknown'}`)}`}>
            {t(`badges.offShort.${p.notOnPortalReason ?? 'unknown'}`)}
          </Badge>
        </span>
      )}
      {p.onPortal && showOnPortal && (
        <Badge tone="ok" testId="badge-on-portal">
          {t('badges.onPortal')}
        </Badge>
      )}
      {p.onPortal && p.highlighted && (
        <Badge tone="accent" testId="badge-highlighted">
          {t('badges.highlighted')}
        </Badge>
      )}
      {row.active === false && (
        <Badge tone="neutral" testId="badge-inactive">
          {t('badges.inactive')}
        </Badge>
      )}
      {row.rejectedPhotoCount > 0 && (
        <Badge tone="warn" testId="badge-rejected-photos" explain={t('photos.rejectedFix')}>
          {t('badges.rejectedPhotos', { count: row.rejectedPhotoCount })}
        </Badge>
      )}
      {!row.urlReady && p.onPortal && (
        <Badge tone="neutral" testId="badge-url-not-ready" explain={t('detail.urlPending')}>
          {t('badges.urlNotReady')}
        </Badge>
      )}
      {row.problemCount > 0 && (
        <Badge tone="danger" testId="badge-problems">
          {t('badges.problems', { count: row.problemCount })}
        </Badge>
      )}
    </span>
  );
}
