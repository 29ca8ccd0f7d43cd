// A tiny baseline JPEG encoder for photo placeholders: a 64×48 image made of flat 8×8 blocks
// (DC coefficients only), coloured from the photo id, with the id in a COM segment, so that every
// picture has distinct bytes. Output is a plain baseline (SOF0) JFIF file that browsers decode.
import { hash32 } from './random';

const WIDTH = 64;
const HEIGHT = 48;

class BitWriter {
  private readonly bytes: number[] = [];
  private acc = 0;
  private n = 0;

  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      this.n++;
      if (this.n === 8) this.flushByte();
    }
  }

  private flushByte(): void {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0x00); // byte stuffing
    this.acc = 0;
    this.n = 0;
  }

  finish(): number[] {
    while (this.n !== 0) this.write(1, 1); // pad with 1-bits
    return this.bytes;
  }
}

function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

function ascii(text: string): number[] {
  return [...Buffer.from(text, 'latin1')];
}

function category(v: number): number {
  let a = Math.abs(v);
  let c = 0;
  while (a > 0) {
    c++;
    a >>= 1;
  }
  return c;
}

function clamp(v: number): number {
  return Math.max(0, Math.min(255, v));
}

/** Encodes a picture whose colour and layout derive from `id`. */
export function placeholderJpeg(id: string): Buffer {
  const h = hash32(id);
  const h2 = hash32(`${id}#2`);
  const base = [(h >>> 16) & 0xff, (h >>> 8) & 0xff, h & 0xff];
  const cols = WIDTH / 8;
  const rows = HEIGHT / 8;
  // Scene: a sky that darkens downwards, a ground band, and a "vehicle" box of the base colour.
  const carX = 1 + (h2 % 3);
  const carW = 4;
  const blockRgb = (bx: number, by: number): [number, number, number] => {
    if (by >= rows - 2 && by < rows - 1 && bx >= carX && bx < carX + carW) return [base[0] ?? 0, base[1] ?? 0, base[2] ?? 0];
    if (by === rows - 3 && bx >= carX + 1 && bx < carX + carW - 1) return [clamp((base[0] ?? 0) + 40), clamp((base[1] ?? 0) + 40), clamp((base[2] ?? 0) + 40)];
    if (by >= rows - 1) return [90, 90, 95 + (h2 & 0x1f)];
    const light = 1 - by / rows / 2;
    return [clamp(120 * light + ((h2 >>> 8) % 40)), clamp(170 * light), clamp(235 * light)];
  };

  const dc: number[][] = [[], [], []];
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < cols; bx++) {
      const [r, g, b] = blockRgb(bx, by);
      const y = 0.299 * r + 0.587 * g + 0.114 * b;
      const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      // With a quantiser of 8, the quantised DC coefficient of a flat block is (sample - 128).
      dc[0]?.push(Math.round(y - 128));
      dc[1]?.push(Math.round(cb - 128));
      dc[2]?.push(Math.round(cr - 128));
    }
  }

  // Huffman tables: DC categories 0..11 all with 4-bit codes (code = category); AC has only EOB ("00").
  const bits = new BitWriter();
  const pred = [0, 0, 0];
  for (let i = 0; i < cols * rows; i++) {
    for (let c = 0; c < 3; c++) {
      const value = dc[c]?.[i] ?? 0;
      const diff = value - (pred[c] ?? 0);
      pred[c] = value;
      const cat = category(diff);
      bits.write(cat, 4);
      if (cat > 0) bits.write(diff > 0 ? diff : diff + (1 << cat) - 1, cat);
      bits.write(0, 2); // EOB
    }
  }
  const scan = bits.finish();

  const jfif = segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const comment = segment(0xfe, ascii(`Showroom sandbox photo ${id}`.slice(0, 200)));
  const dqt = segment(0xdb, [0x00, ...new Array<number>(64).fill(8)]);
  const sof = segment(0xc0, [8, HEIGHT >> 8, HEIGHT & 0xff, WIDTH >> 8, WIDTH & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  const dcBits = [0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const acBits = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const dht = segment(0xc4, [0x00, ...dcBits, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x10, ...acBits, 0x00]);
  const sos = segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]);

  return Buffer.from([0xff, 0xd8, ...jfif, ...comment, ...dqt, ...sof, ...dht, ...sos, ...scan, 0xff, 0xd9]);
}

/** A big valid JPEG for "oversized photo" tests (padding in COM segments). */
export function oversizedJpeg(id: string, bytes: number): Buffer {
  const head = placeholderJpeg(id);
  if (bytes <= head.length) return head;
  // Build padding efficiently for large sizes instead of pushing byte by byte.
  const soi = head.subarray(0, 2);
  const rest = head.subarray(2);
  const chunks: Buffer[] = [soi];
  let missing = bytes - head.length;
  while (missing > 4) {
    const chunk = Math.min(65533, missing - 4);
    const seg = Buffer.alloc(chunk + 4, 0x20);
    seg[0] = 0xff;
    seg[1] = 0xfe;
    seg.writeUInt16BE(chunk + 2, 2);
    chunks.push(seg);
    missing -= chunk + 4;
  }
  chunks.push(rest);
  return Buffer.concat(chunks);
}
