// The one helper every CLI line passes through (io.ts): control characters become visible escapes.
import { describe, expect, it } from 'vitest';
import { escapeControls, escapeJsonControls } from '../../src/main/cli/terminal-text';

describe('escapeControls', () => {
  it('escapes ESC, CSI (C1), CR, BEL, NUL, DEL and bidi controls; keeps newline, tab and ordinary text', () => {
    expect(escapeControls('a\x1b[31mb')).toBe('a\\x1b[31mb');
    expect(escapeControls('\u009b2J')).toBe('\\x9b2J');
    expect(escapeControls('x\ry\x07z\x00\x7f')).toBe('x\\x0dy\\x07z\\x00\\x7f');
    expect(escapeControls('\u202eexe.txt\u2066\u2069\u200f\u061c')).toBe('\\u202eexe.txt\\u2066\\u2069\\u200f\\u061c');
    expect(escapeControls('Fiat Uno 1.0\tR$ 9.000\nação — “ok” 🚗')).toBe('Fiat Uno 1.0\tR$ 9.000\nação — “ok” 🚗');
  });

  it('in JSON text, escapes what JSON.stringify leaves raw, and the JSON still means the same', () => {
    const value = { title: 'a\u009b\u202eb\x1b\x7f' };
    const text = escapeJsonControls(JSON.stringify(value));
    for (const raw of ['\u009b', '\u202e', '\u001b', '\u007f']) expect(text).not.toContain(raw);
    expect(JSON.parse(text)).toEqual(value);
  });
});
