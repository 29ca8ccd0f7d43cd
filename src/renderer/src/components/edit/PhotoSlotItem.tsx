// One photo of the manager: its picture (or the gap a rejected one left, with a field for its
// address), a drag handle that also moves it by keyboard, earlier/later buttons, and remove.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { PhotoSlot } from '../../logic/photoSlots';
import { Thumbnail } from '../Thumbnail';

interface Props {
  slot: PhotoSlot;
  position: number;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onAddress: (source: string) => void;
  /** Showroom sent the gap's photo (Send all photos again, on the listing, sends it in one click). */
  known: boolean;
}

export function PhotoSlotItem({ slot, position, last, onMove, onRemove, onAddress, known }: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: slot.key });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const gapId = `${slot.key}-address`;

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`photo-slot photo-slot--${slot.state}${isDragging ? ' photo-slot--dragging' : ''}`}
      data-key={slot.key}
      data-state={slot.state}
      aria-label={slot.state === 'gap' ? t('listingEdit.photos.gap', { position }) : t('listingEdit.photos.position', { position })}
    >
      <div className="photo-slot__picture">
        {slot.state === 'portal' ? (
          <Thumbnail photoId={slot.photoId} t={t} className="photo-slot__thumb" />
        ) : (
          <span className="photo-slot__placeholder" aria-hidden="true">
            {slot.state === 'gap' ? '⚠' : '?'}
          </span>
        )}
        <span className="photo-slot__order" aria-hidden="true">
          {position}
        </span>
      </div>
      <div className="photo-slot__body">
        {slot.state === 'unchecked' && (
          <p className="photo-slot__status">
            <span className="badge badge--info">{t('listingEdit.photos.notChecked')}</span> <span className="mono small break">{slot.source}</span>
          </p>
        )}
        {slot.state === 'gap' && (
          <div className="field">
            <p className="small">{known ? t('listingEdit.photos.gapKnown') : t('listingEdit.photos.gapAsk')}</p>
            {!known && <p className="small muted">{t('listingEdit.photos.gapSystem')}</p>}
            <label htmlFor={gapId}>{t('listingEdit.photos.gapAddress', { position })}</label>
            <input
              id={gapId}
              type="url"
              inputMode="url"
              spellCheck={false}
              value={slot.source}
              onChange={(e) => onAddress(e.target.value)}
              placeholder="https://…"
            />
          </div>
        )}
        <div className="photo-slot__actions">
          <button
            type="button"
            className="icon-button photo-slot__handle"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('listingEdit.photos.handle', { position })}
          >
            ⠿
          </button>
          <button
            type="button"
            className="icon-button"
            disabled={position === 1}
            onClick={() => onMove(-1)}
            aria-label={t('listingEdit.photos.moveEarlier', { position })}
          >
            ←
          </button>
          <button type="button" className="icon-button" disabled={last} onClick={() => onMove(1)} aria-label={t('listingEdit.photos.moveLater', { position })}>
            →
          </button>
          <button type="button" className="icon-button icon-button--danger" onClick={onRemove} aria-label={t('listingEdit.photos.remove', { position })}>
            ✕
          </button>
        </div>
      </div>
    </li>
  );
}
