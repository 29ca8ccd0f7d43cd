// `x-status-queue`: the portal's pending write jobs for what a response is about (portal-notes.md,
// "Writes are queued"). Read tolerantly: a header we cannot read is ignored with a note, never a crash.
// The notes write message types in capitals, the production documentation's own example in lower
// case: they are read in capitals, so that code compares them with `===`. A job is an object or a
// list of them; fields we do not know are kept, and a field we can do without (the endpoint, the
// timestamp) that is unreadable is dropped rather than losing the job.
import { z } from 'zod';

export const queueJobSchema = z
  .object({
    jobId: z.union([z.string(), z.number()]).transform(String),
    messageType: z
      .string()
      .trim()
      .min(1)
      .transform((type) => type.toUpperCase()),
    endpoint: z.string().optional().catch(undefined),
    timestamp: z
      .union([z.string(), z.number()])
      .refine((t) => Number.isFinite(new Date(t).getTime()), 'not a date')
      .optional()
      .catch(undefined),
  })
  .loose();

export type QueueJob = z.infer<typeof queueJobSchema>;

export interface QueueStatus {
  jobs: QueueJob[];
  /** Why (part of) the header was ignored; empty when it was read whole or absent. */
  notes: string[];
}

export function parseQueueHeader(value: string | null | undefined): QueueStatus {
  if (value == null || value.trim() === '') return { jobs: [], notes: [] };
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return { jobs: [], notes: ['x-status-queue header ignored: not JSON'] };
  }
  const items = Array.isArray(json) ? json : json !== null && typeof json === 'object' ? [json] : undefined;
  if (!items) return { jobs: [], notes: ['x-status-queue header ignored: not a list of jobs'] };
  const jobs: QueueJob[] = [];
  const notes: string[] = [];
  items.forEach((item, index) => {
    const parsed = queueJobSchema.safeParse(item);
    if (parsed.success) jobs.push(parsed.data);
    else notes.push(`x-status-queue job ${index} ignored: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(job)'}: ${i.message}`).join('; ')}`);
  });
  return { jobs, notes };
}
