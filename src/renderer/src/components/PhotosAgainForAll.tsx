// Needs attention's fix for rejected photos, for every listing at once: those whose photos
// Showroom sent (it knows every address) are counted, and after the dealer confirms, each
// listing's photos are sent again in one edit (the same session call as the detail's button).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditOutcome } from '../../../shared/pending-changes';
import { api } from '../api';
import { useFormat } from '../hooks/useFormat';
import { useChannel } from '../query/useChannel';
import { ConfirmDialog } from './ConfirmDialog';

export function PhotosAgainForAll() {
  const { t } = useTranslation();
  const f = useFormat();
  const { data: references = [] } = useChannel('changes.photosAgainCandidates', {});
  const [confirming, setConfirming] = useState(false);
  const [outcomes, setOutcomes] = useState<EditOutcome[] | null>(null);
  const count = references.length;
  const tally = (kinds: readonly EditOutcome['outcome'][]) => f.number(outcomes?.filter((o) => kinds.includes(o.outcome)).length ?? 0);
  return (
    <div className="detail-actions" data-testid="photos-again-all">
      {count > 0 && (
        <>
          <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
            {t('attention.photosAgain.button', { count })}
          </button>
          <p className="muted small">{t('attention.photosAgain.hint')}</p>
        </>
      )}
      {outcomes !== null && (
        <p role="status">{t('attention.photosAgain.done', { sent: tally(['sent']), queued: tally(['queued']), refused: tally(['refused', 'held']) })}</p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('attention.photosAgain.title')}
          body={t('attention.photosAgain.body', { count })}
          confirmLabel={t('attention.photosAgain.confirm')}
          onConfirm={async () => setOutcomes(await api.call('changes.photosAgain', { references }))}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
