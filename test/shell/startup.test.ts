import { describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';
import { fill } from '../../src/shared/i18n/messages';
import { activateAction, QUIT_ANYWAY_BUTTON, quitDuringSyncBox, startupFailedBox, windowFailedBox } from '../../src/main/shell/startup';

describe('activateAction (macOS Dock click)', () => {
  it('during start-up: wait (no window before the IPC handlers and protocols exist)', () => {
    expect(activateAction('starting', 0)).toBe('wait');
  });
  it('after start-up: a window only when there is none', () => {
    expect(activateAction('ready', 0)).toBe('create');
    expect(activateAction('ready', 1)).toBe('nothing');
  });
  it('after a failed start-up: nothing (the app is leaving)', () => {
    expect(activateAction('failed', 0)).toBe('nothing');
  });
});

describe('dialogs', () => {
  it('fill puts parameters into dictionary texts and leaves unknown ones visible', () => {
    expect(fill('tried {{count}} times: {{log}}', { count: 3, log: '/x/showroom.log' })).toBe('tried 3 times: /x/showroom.log');
    expect(fill('{{missing}}', {})).toBe('{{missing}}');
  });

  it('a failed start-up says where the log is, in the dealer’s language', () => {
    const box = startupFailedBox('pt-BR', '/home/ana/.config/Showroom/logs/showroom.log');
    expect(box.title).toBe(ptBR.shell.startupFailedTitle);
    expect(box.detail).toContain('/home/ana/.config/Showroom/logs/showroom.log');
    expect(box.detail).not.toContain('{{');
    expect(startupFailedBox('en', '/l').title).toBe(en.shell.startupFailedTitle);
  });

  it('quitting mid-sync: Quit is the button that quits; Keep syncing is the default and Esc', () => {
    const box = quitDuringSyncBox('en');
    expect(box.buttons[QUIT_ANYWAY_BUTTON]).toBe(en.shell.quitAnyway);
    expect(box.defaultId).not.toBe(QUIT_ANYWAY_BUTTON);
    expect(box.cancelId).not.toBe(QUIT_ANYWAY_BUTTON);
    expect(quitDuringSyncBox('pt-BR').buttons).toEqual([ptBR.shell.quitAnyway, ptBR.shell.keepSyncing]);
  });

  it('a window that keeps failing: says how many times and where the log is', () => {
    const box = windowFailedBox('en', 3, '/l/showroom.log');
    expect(box.detail).toContain('3');
    expect(box.detail).toContain('/l/showroom.log');
  });
});
