// What a screen reader hears while a photo is moved with the keyboard (or the mouse), in the
// dealer's language, by position: the ids dnd-kit reports are the slots' keys.
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import type { TFunction } from 'i18next';

export function photoAnnouncements(
  t: TFunction,
  keys: readonly string[],
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const at = (id: UniqueIdentifier) => keys.indexOf(String(id)) + 1;
  return {
    screenReaderInstructions: { draggable: t('listingEdit.photos.instructions') },
    announcements: {
      onDragStart: ({ active }) => t('listingEdit.photos.pickedUp', { from: at(active.id) }),
      // Over itself is where it was picked up: the pick-up's own words are not drowned at once.
      onDragOver: ({ active, over }) =>
        over?.id === active.id
          ? undefined
          : over
            ? t('listingEdit.photos.over', { from: at(active.id), to: at(over.id) })
            : t('listingEdit.photos.notOver', { from: at(active.id) }),
      onDragEnd: ({ active, over }) =>
        over ? t('listingEdit.photos.dropped', { from: at(active.id), to: at(over.id) }) : t('listingEdit.photos.cancelled', { from: at(active.id) }),
      onDragCancel: ({ active }) => t('listingEdit.photos.cancelled', { from: at(active.id) }),
    },
  };
}
