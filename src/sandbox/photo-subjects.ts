// Which vehicle a photo id on the photo host shows, for the studio photos: its body type, colour
// and position. The index is built per account when a photo is asked for and rebuilt after the
// stock changes (the store's version), so a stock that serves no studio photo pays nothing.
import type { ClientAccount } from './account';
import { modelById } from './catalogue';
import type { PhotoSubject } from './studio-scene';

const PHOTO_ID = /\/photos\/([A-Za-z0-9_-]{1,120})\.jpg$/;

interface AccountIndex {
  version: number;
  byId: Map<string, PhotoSubject>;
}

export class PhotoSubjects {
  private readonly indexes = new WeakMap<ClientAccount, AccountIndex>();

  constructor(private readonly accounts: () => Iterable<ClientAccount>) {}

  find(id: string): PhotoSubject | undefined {
    for (const account of this.accounts()) {
      const subject = this.indexOf(account).get(id);
      if (subject) return subject;
    }
    return undefined;
  }

  private indexOf(account: ClientAccount): Map<string, PhotoSubject> {
    const version = account.store.version;
    const known = this.indexes.get(account);
    if (known?.version === version) return known.byId;
    const byId = new Map<string, PhotoSubject>();
    for (const { vehicle } of account.store.values()) {
      const body = modelById.get(vehicle.trim.modelId)?.body ?? (vehicle.type === 'M' ? 'moto' : 'hatch');
      for (const picture of vehicle.pictures) {
        const photoId = PHOTO_ID.exec(picture.source)?.[1];
        if (photoId) byId.set(photoId, { id: photoId, body, color: vehicle.color, position: picture.order });
      }
    }
    this.indexes.set(account, { version, byId });
    return byId;
  }
}
