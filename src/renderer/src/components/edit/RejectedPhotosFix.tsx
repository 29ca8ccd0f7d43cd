// The fix for photos the portal rejected: when Showroom sent them it knows every address, and one
// click sends all the photos again; otherwise the dealer gives the missing address in the form.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VehicleDetailView } from '../../../../shared/views';
import { useApp } from '../../AppContext';
import { canSendPhotosAgain, sendPhotosAgain } from '../../hooks/listingEditChannels';

export function RejectedPhotosFix({ detail, onEdit }: { detail: VehicleDetailView; onEdit: () => void }) {
  const { t } = useTranslation();
  const { reportError } = useApp();
  const [busy, setBusy] = useState(false);
  if (detail.rejectedPositions.length === 0) return null;

  if (!canSendPhotosAgain(detail))
    return (
      <div className="detail-actions">
        <p className="muted small">{t('listingEdit.photos.sendAgainUnknown')}</p>
        <button type="button" className="button" onClick={onEdit}>
          {t('listingEdit.open')}
        </button>
      </div>
    );

  const send = () => {
    setBusy(true);
    sendPhotosAgain(detail.reference)
      .catch(reportError)
      .finally(() => setBusy(false));
  };
  return (
    <div className="detail-actions">
      <button type="button" className="button button--primary" disabled={busy} onClick={send}>
        {t('listingEdit.photos.sendAgain')}
      </button>
      <p className="muted small">{t('listingEdit.photos.sendAgainHint')}</p>
    </div>
  );
}
