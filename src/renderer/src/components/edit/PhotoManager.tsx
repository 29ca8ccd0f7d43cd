// The listing's photos in the edit form: reorder by drag or keyboard (dnd-kit's keyboard sensor,
// announced in the dealer's language, plus earlier/later buttons), remove, add by address, and the
// gaps the portal's rejections left; never more than the plan allows.
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { addPhoto, fillGap, movePhoto, removePhoto, type PhotoSlot } from '../../logic/photoSlots';
import { AddPhotoField } from './AddPhotoField';
import { photoAnnouncements } from './photoAnnouncements';
import { PhotoSlotItem } from './PhotoSlotItem';

interface Props {
  slots: readonly PhotoSlot[];
  onChange: (slots: PhotoSlot[]) => void;
  /** The most photos the plan allows per listing. */
  max: number;
  /** Keys of the gaps whose address Showroom knows (it sent them). */
  knownGaps: ReadonlySet<string>;
  error?: string | undefined;
}

export function PhotoManager({ slots, onChange, max, knownGaps, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const keys = slots.map((s) => s.key);
  const full = slots.length >= max;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(movePhoto(slots, keys.indexOf(String(active.id)), keys.indexOf(String(over.id))));
  };

  return (
    <div className="photo-manager" aria-describedby={`${id}-count`}>
      <p id={`${id}-count`} className={full ? 'field__warn' : 'field__hint'} data-testid="photo-count">
        {t('listingEdit.photos.count', { count: slots.length, max })} · {t('listingEdit.photos.limitWhy', { max })}
      </p>
      {slots.length === 0 && <p className="muted">{t('listingEdit.photos.none')}</p>}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={photoAnnouncements(t, keys)}>
        <SortableContext items={keys} strategy={rectSortingStrategy}>
          <ol className="photo-slots">
            {slots.map((slot, i) => (
              <PhotoSlotItem
                key={slot.key}
                slot={slot}
                position={i + 1}
                last={i === slots.length - 1}
                known={knownGaps.has(slot.key)}
                onMove={(by) => onChange(movePhoto(slots, i, i + by))}
                onRemove={() => onChange(removePhoto(slots, slot.key))}
                onAddress={(source) => onChange(fillGap(slots, slot.key, source))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <AddPhotoField full={full} max={max} onAdd={(source) => onChange(addPhoto(slots, source, `n-${crypto.randomUUID()}`))} />
    </div>
  );
}
