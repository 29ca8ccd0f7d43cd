// A refusal's words by the field each names. The portal validates like NestJS's ValidationPipe:
// its `message` is a list of class-validator sentences, each starting with the property it is about
// ("title must be shorter than or equal to 100 characters", "pictures.2.source must be a URL
// address"). The form shows each on its field; a sentence that names no field stays in the whole
// refusal's text.
import { EDITABLE_FIELDS } from '../../shared/listing-write';

const FIELDS = new Set<string>(['reference', ...EDITABLE_FIELDS]);

/** Field → the portal's words for it (several joined); undefined when none names a field the write shape has. */
export function refusedFields(portalMessage: unknown): Record<string, string> | undefined {
  const messages = Array.isArray(portalMessage) ? portalMessage : typeof portalMessage === 'string' ? [portalMessage] : [];
  const out: Record<string, string> = {};
  for (const message of messages) {
    if (typeof message !== 'string') continue;
    const field = /^\s*([A-Za-z]+)/.exec(message)?.[1];
    if (field === undefined || !FIELDS.has(field)) continue;
    out[field] = out[field] === undefined ? message : `${out[field]}; ${message}`;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}
