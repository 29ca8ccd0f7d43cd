// The video link, with what the portal's reads cannot tell said plainly: whether a link is set now.
import { useTranslation } from 'react-i18next';
import { EditField } from './EditField';
import type { SectionProps } from './formProps';

export function VideoSection({ draft, set, idOf, errorsOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="edit-section edit-section--wide">
      <legend>{t('listingEdit.sections.video')}</legend>
      <div className="callout callout--info" data-testid="video-note">
        <p>{t('listingEdit.hints.videoNeverShown')}</p>
        <p className="callout__warn">{t('listingEdit.hints.videoRemoved')}</p>
        <p>{t('listingEdit.hints.videoKept')}</p>
      </div>
      <EditField id={idOf('videoUrl')} label={t('listingEdit.fields.videoUrl')} errors={errorsOf('videoUrl')} hint={t('listingEdit.hints.videoFormat')}>
        {(box) => (
          <input
            {...box}
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://www.youtube.com/watch?v=…"
            value={draft.videoUrl}
            onChange={(e) => set({ videoUrl: e.target.value })}
          />
        )}
      </EditField>
    </fieldset>
  );
}
