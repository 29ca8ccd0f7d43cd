import { describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../../src/main/ipc/events';
import type { EventName } from '../../src/shared/contract';

describe('event hub', () => {
  it('delivers contract events to every subscribed transport until it unsubscribes', () => {
    const hub = createEventHub();
    const a = vi.fn();
    const b = vi.fn();
    const offA = hub.subscribe(a);
    hub.subscribe(b);
    hub.emit('connectivity', { online: false });
    offA();
    hub.emit('cache.changed', { reason: 'sync' });
    expect(a.mock.calls).toEqual([['connectivity', { online: false }]]);
    expect(b.mock.calls).toEqual([
      ['connectivity', { online: false }],
      ['cache.changed', { reason: 'sync' }],
    ]);
  });

  it('refuses names that are not contract events', () => {
    const hub = createEventHub();
    const sink = vi.fn();
    hub.subscribe(sink);
    expect(() => hub.emit('not.an.event' as EventName, {} as never)).toThrow(TypeError);
    expect(sink).not.toHaveBeenCalled();
  });

  it('keeps delivering when one transport throws (a closed window)', () => {
    const onSinkError = vi.fn();
    const hub = createEventHub({ onSinkError });
    const good = vi.fn();
    hub.subscribe(() => {
      throw new Error('Object has been destroyed');
    });
    hub.subscribe(good);
    hub.emit('connectivity', { online: true });
    expect(good).toHaveBeenCalledOnce();
    expect(onSinkError).toHaveBeenCalledOnce();
  });
});
