// @vitest-environment happy-dom
// The edit form's photo manager: a photo moves by keyboard through dnd-kit's keyboard sensor
// (Space, arrows, Space) with the moves announced in the dealer's language, and by the
// earlier/later buttons; Add is off at the plan's limit and says why; only web addresses are
// added, shown as not checked yet; a rejected photo's gap asks for its address unless it is known.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PhotoSlot } from '../../../src/renderer/src/logic/photoSlots';
import { installBridge, notAnswered } from './bridge';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

// happy-dom lays nothing out: each photo gets a box of its own in one row, 100 px apart, so
// dnd-kit's keyboard coordinates find the neighbour an arrow points to.
beforeEach(() => {
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const li = this.closest('li[data-key]');
    const index = li ? [...(li.parentElement?.children ?? [])].indexOf(li) : 0;
    const left = index * 100;
    return { x: left, y: 0, left, top: 0, right: left + 90, bottom: 90, width: 90, height: 90, toJSON: () => ({}) };
  };
});

const portal = (n: number): PhotoSlot => ({ key: `p${n}`, source: `https://img.example/${n}.jpg`, photoId: String(n), state: 'portal' });

async function manager(language: 'en' | 'pt-BR', initial: PhotoSlot[], max = 16, known: string[] = []) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { PhotoManager } = await import('../../../src/renderer/src/components/edit/PhotoManager');
  initI18n(language);
  const seen: { slots: PhotoSlot[] } = { slots: initial };
  function Harness() {
    const [slots, setSlots] = useState(initial);
    seen.slots = slots;
    return <PhotoManager slots={slots} onChange={setSlots} max={max} knownGaps={new Set(known)} />;
  }
  render(<Harness />);
  return seen;
}

/** A key as dnd-kit's keyboard sensor reads it (by `code`). */
const press = (target: HTMLElement, code: string, key: string) =>
  act(async () => {
    fireEvent.keyDown(target, { code, key });
  });
/** dnd-kit measures the photos' positions a frame after the pick-up. */
const measured = () => act(() => new Promise(requestAnimationFrame));
const order = (seen: { slots: PhotoSlot[] }) => seen.slots.map((s) => s.key);
const liveText = () => [...document.querySelectorAll('[aria-live]')].map((n) => n.textContent).join(' ');

describe('moving a photo with the keyboard', () => {
  it('picks it up with Space, moves it with the arrow, drops it with Space, saying so in English', async () => {
    const seen = await manager('en', [portal(1), portal(2), portal(3)]);
    const handle = screen.getByRole('button', { name: 'Drag photo 1' });
    handle.focus();
    await press(handle, 'Space', ' ');
    expect(liveText()).toContain('Picked up photo 1.');
    await measured();
    await press(handle, 'ArrowRight', 'ArrowRight');
    await waitFor(() => expect(liveText()).toContain('Photo 1 is over position 2.'));
    await press(handle, 'Space', ' ');
    expect(order(seen)).toEqual(['p2', 'p1', 'p3']);
    expect(liveText()).toContain('Photo 1 dropped at position 2.');
  });

  it('puts it back on Esc, saying so in Portuguese', async () => {
    const seen = await manager('pt-BR', [portal(1), portal(2), portal(3)]);
    const handle = screen.getByRole('button', { name: 'Arrastar a foto 2' });
    handle.focus();
    await press(handle, 'Space', ' ');
    await measured();
    await press(handle, 'ArrowRight', 'ArrowRight');
    await waitFor(() => expect(liveText()).toContain('A foto 2 está sobre a posição 3.'));
    await press(handle, 'Escape', 'Escape');
    expect(order(seen)).toEqual(['p1', 'p2', 'p3']);
    expect(liveText()).toContain('Movimento cancelado: a foto 2 voltou à posição 2.');
    expect(document.body.textContent).toContain('Para mover uma foto pelo teclado');
  });

  it('moves it one place with the earlier and later buttons', async () => {
    const seen = await manager('en', [portal(1), portal(2), portal(3)]);
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    expect(order(seen)).toEqual(['p1', 'p3', 'p2']);
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    expect(order(seen)).toEqual(['p3', 'p1', 'p2']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move photo 1 earlier' }).disabled).toBe(true);
  });
});

describe('adding and removing photos', () => {
  it('adds a web address as not checked yet, and refuses any other', async () => {
    const seen = await manager('en', [portal(1)], 16);
    const input = screen.getByLabelText('Photo address');
    fireEvent.change(input, { target: { value: 'file:///home/dealer/car.jpg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add photo' }));
    expect(screen.getByRole('alert').textContent).toBe('Only web addresses (starting with http:// or https://) can be added.');
    expect(seen.slots).toHaveLength(1);

    fireEvent.change(input, { target: { value: ' https://dealer.example/new.jpg ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(seen.slots.map((s) => [s.source, s.state])).toEqual([
      ['https://img.example/1.jpg', 'portal'],
      ['https://dealer.example/new.jpg', 'unchecked'],
    ]);
    expect(screen.getByRole('listitem', { name: 'Photo 2' }).textContent).toContain('Not checked yet');
  });

  it('turns Add off at the plan’s limit and says why, then on again once one is removed', async () => {
    const seen = await manager('en', [portal(1), portal(2)], 2);
    expect(screen.getByLabelText<HTMLInputElement>('Photo address').disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add photo' }).disabled).toBe(true);
    expect(document.body.textContent).toContain('Add is off: your plan allows at most 2 photos per listing. Remove one to add another.');
    expect(screen.getByTestId('photo-count').textContent).toContain('2 of 2 photos');

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(order(seen)).toEqual(['p2']);
    expect(screen.getByLabelText<HTMLInputElement>('Photo address').disabled).toBe(false);
  });
});

describe('a rejected photo’s gap', () => {
  const gap: PhotoSlot = { key: 'g2', source: '', photoId: null, state: 'gap', order: 2 };

  it('stays where it is and asks for the address, saying the creating system may need fixing', async () => {
    const seen = await manager('en', [portal(1), gap, portal(3)]);
    const item = screen.getByRole('listitem', { name: 'Rejected photo, position 2' });
    expect(item.textContent).toContain('may need fixing too');
    fireEvent.change(screen.getByLabelText('Address for position 2'), { target: { value: 'https://dealer.example/2.jpg' } });
    expect(seen.slots[1]).toMatchObject({ key: 'g2', source: 'https://dealer.example/2.jpg' });
  });

  it('points to Send all photos again when Showroom sent the photo, without blaming another system', async () => {
    await manager('pt-BR', [portal(1), gap], 16, ['g2']);
    const item = screen.getByRole('listitem', { name: 'Foto rejeitada, posição 2' });
    expect(item.textContent).toContain('Enviar todas as fotos de novo, no anúncio, a envia de novo com um clique');
    expect(item.textContent).not.toContain('também pode precisar de correção');
  });
});
