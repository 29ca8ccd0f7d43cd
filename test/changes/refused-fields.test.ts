// The portal's NestJS `message` list read field by field: each sentence on the write-shape field it
// starts with; one that names no such field is left to the refusal's whole text.
import { describe, expect, it } from 'vitest';
import { refusedFields } from '../../src/main/changes/refused-fields';

describe('refusedFields', () => {
  it('puts each sentence on the field it names, several on one field joined', () => {
    expect(
      refusedFields([
        'title must be shorter than or equal to 100 characters',
        'pictures.2.source must be a URL address',
        'pictures must contain no more than 16 elements',
        'licensePlate must match /^[A-Z]{3}[0-9][0-9A-Z][0-9]{2}$/ regular expression',
      ]),
    ).toEqual({
      title: 'title must be shorter than or equal to 100 characters',
      pictures: 'pictures.2.source must be a URL address; pictures must contain no more than 16 elements',
      licensePlate: 'licensePlate must match /^[A-Z]{3}[0-9][0-9A-Z][0-9]{2}$/ regular expression',
    });
  });

  it('a single message, one naming no field, or no message at all', () => {
    expect(refusedFields('value must not be less than 0')).toEqual({ value: 'value must not be less than 0' });
    expect(refusedFields(['Vehicle is locked by a pending sale'])).toBeUndefined();
    expect(refusedFields(undefined)).toBeUndefined();
    expect(refusedFields([42, null])).toBeUndefined();
  });
});
