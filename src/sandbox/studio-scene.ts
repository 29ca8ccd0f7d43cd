// A listing photo as a dealer's studio shot, written as SVG: the vehicle's body type in its
// colour, seen from the angle its position in the listing gives it, on a plain backdrop with a
// floor shadow. Pure and deterministic: the same subject gives the same SVG.
import type { Body } from './catalogue';
import { hash32 } from './random';

/** The scene is drawn in this box and rendered at OUTPUT_WIDTH × OUTPUT_HEIGHT. */
export const STUDIO_WIDTH = 1280;
export const STUDIO_HEIGHT = 960;
export const OUTPUT_WIDTH = 1024;
export const OUTPUT_HEIGHT = 768;

export type Angle = 'front' | 'side' | 'rear' | 'interior';

export interface PhotoSubject {
  /** The photo's id on the photo host: it varies the backdrop and the framing. */
  id: string;
  body: Body;
  /** The portal's colour code (SILVER, METALLIC_WHITE, ...). */
  color: string;
  /** 1-based position of the photo in its listing. */
  position: number;
}

const ANGLES: readonly Angle[] = ['front', 'side', 'rear', 'interior'];

/** Dealers open with the front three-quarter, then the side, the rear and the cabin. */
export function angleOf(position: number): Angle {
  return ANGLES[(Math.max(1, position) - 1) % ANGLES.length] ?? 'front';
}

const PAINT: Record<string, string> = {
  METALLIC_WHITE: '#e9ecef',
  PEARL_WHITE: '#f4f1ea',
  SILVER: '#b9bec4',
  BLACK: '#1d1f22',
  GREY: '#7b8087',
  LEAD: '#4c5257',
  RED: '#b3171c',
  BLUE: '#1f4e9a',
  BEIGE: '#cdb994',
  GREEN: '#2f6b3f',
  WINE: '#6b1626',
  BROWN: '#5e3f2a',
  YELLOW: '#e2b617',
  ORANGE: '#d9621b',
  CHAMPAGNE: '#c9b48a',
  BRONZE: '#8a5a2b',
};

function paintOf(color: string): string {
  return PAINT[color] ?? '#8d939a';
}

/** The car's outline, facing right, in a 1000-wide box whose ground is y = 600. */
interface Profile {
  body: string;
  glass: string;
  pillarX: number;
  wheels: [number, number];
  wheelR: number;
  /** Top of the bodywork at the front and rear (lights sit just under). */
  frontLightY: number;
  rearLightY: number;
  front: number;
  rear: number;
  roofY: number;
}

const PROFILES: Record<Exclude<Body, 'moto'>, Profile> = {
  sedan: {
    body: 'M104,548 L106,478 Q110,452 150,446 L300,436 L362,370 Q382,352 424,350 L600,348 Q642,350 668,374 L738,432 L862,448 Q898,455 902,482 L904,548 Z',
    glass: 'M334,436 L384,378 Q396,364 424,363 L592,362 Q622,364 642,384 L694,436 Z',
    pillarX: 510,
    wheels: [252, 760],
    wheelR: 60,
    frontLightY: 462,
    rearLightY: 452,
    front: 904,
    rear: 104,
    roofY: 348,
  },
  hatch: {
    body: 'M138,548 L134,470 Q134,436 154,402 L198,362 Q214,350 252,348 L520,346 Q558,348 584,372 L652,430 L792,446 Q828,454 832,482 L834,548 Z',
    glass: 'M178,408 L212,372 Q222,362 254,361 L516,360 Q546,362 566,382 L620,430 L170,430 Z',
    pillarX: 420,
    wheels: [240, 722],
    wheelR: 56,
    frontLightY: 460,
    rearLightY: 420,
    front: 834,
    rear: 134,
    roofY: 346,
  },
  suv: {
    body: 'M108,552 L106,452 Q108,388 138,372 L172,318 Q184,302 218,300 L562,298 Q598,300 624,328 L694,408 L862,428 Q898,436 902,472 L904,552 Z',
    glass: 'M160,376 L190,326 Q198,314 222,313 L556,312 Q584,314 604,336 L660,400 L154,400 Z',
    pillarX: 400,
    wheels: [248, 762],
    wheelR: 68,
    frontLightY: 446,
    rearLightY: 410,
    front: 904,
    rear: 106,
    roofY: 298,
  },
  pickup: {
    body: 'M88,552 L88,452 L430,452 L430,446 L446,446 L456,330 Q460,312 486,310 L624,308 Q656,310 676,336 L734,420 L880,436 Q914,444 916,480 L918,552 Z',
    glass: 'M474,420 L480,336 Q484,324 500,323 L618,322 Q642,324 656,344 L704,420 Z',
    pillarX: 560,
    wheels: [222, 776],
    wheelR: 66,
    frontLightY: 458,
    rearLightY: 470,
    front: 918,
    rear: 88,
    roofY: 308,
  },
};

function wheel(cx: number, cy: number, r: number): string {
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 2 * Math.PI) / 5;
    return `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * r * 0.6).toFixed(1)}" y2="${(cy + Math.sin(a) * r * 0.6).toFixed(1)}" stroke="#9aa0a6" stroke-width="${(r * 0.12).toFixed(1)}" stroke-linecap="round"/>`;
  }).join('');
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r + 8}" fill="#141414"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1c1c1c"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.66}" fill="url(#rim)"/>` +
    spokes +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.14}" fill="#5f6368"/>`
  );
}

/** The car seen from the side, facing right, ground at y = 600 (wheels touch it). */
function carSide(p: Profile): string {
  const [w1, w2] = p.wheels;
  const wy = 600 - p.wheelR - 8;
  const arches = p.wheels.map((x) => `<circle cx="${x}" cy="${wy}" r="${p.wheelR + 16}" fill="#0f0f10"/>`).join('');
  return (
    `<path d="${p.body}" fill="url(#paint)" stroke="#000" stroke-opacity="0.35" stroke-width="2"/>` +
    `<path d="${p.body}" fill="url(#sheen)"/>` +
    `<rect x="${p.rear + 30}" y="${wy + 10}" width="${p.front - p.rear - 60}" height="16" fill="#000" opacity="0.28"/>` +
    `<path d="${p.glass}" fill="url(#glass)" stroke="#111" stroke-width="6" stroke-linejoin="round"/>` +
    `<line x1="${p.pillarX}" y1="${p.roofY + 10}" x2="${p.pillarX}" y2="${wy - 20}" stroke="#000" stroke-opacity="0.45" stroke-width="5"/>` +
    `<line x1="${p.pillarX - 150}" y1="${wy - 60}" x2="${p.front - 160}" y2="${wy - 60}" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>` +
    `<rect x="${p.pillarX - 70}" y="${(p.frontLightY + 20).toFixed(0)}" width="34" height="8" rx="4" fill="#2a2a2a"/>` +
    `<rect x="${p.pillarX + 80}" y="${(p.frontLightY + 20).toFixed(0)}" width="34" height="8" rx="4" fill="#2a2a2a"/>` +
    `<path d="M${p.front - 46},${p.frontLightY} L${p.front - 2},${p.frontLightY + 6} L${p.front - 4},${p.frontLightY + 24} L${p.front - 52},${p.frontLightY + 18} Z" fill="#f2f5f7" stroke="#444" stroke-width="2"/>` +
    `<path d="M${p.rear + 2},${p.rearLightY} L${p.rear + 40},${p.rearLightY + 2} L${p.rear + 40},${p.rearLightY + 22} L${p.rear + 3},${p.rearLightY + 22} Z" fill="#a3141b" stroke="#400" stroke-width="2"/>` +
    arches +
    wheel(w1, wy, p.wheelR) +
    wheel(w2, wy, p.wheelR)
  );
}

/** The car's nose (or tail), as seen head on, centred on x = 0, ground at y = 600. */
function carEnd(p: Profile, end: 'front' | 'rear'): string {
  const half = 190;
  const shoulder = Math.min(p.frontLightY, p.rearLightY) - 10;
  const roof = p.roofY;
  const lights =
    end === 'front'
      ? `<path d="M-176,${p.frontLightY - 4} L-96,${p.frontLightY + 4} L-100,${p.frontLightY + 30} L-172,${p.frontLightY + 26} Z" fill="#eef3f6" stroke="#333" stroke-width="3"/>` +
        `<path d="M176,${p.frontLightY - 4} L96,${p.frontLightY + 4} L100,${p.frontLightY + 30} L172,${p.frontLightY + 26} Z" fill="#eef3f6" stroke="#333" stroke-width="3"/>` +
        `<rect x="-92" y="${p.frontLightY + 6}" width="184" height="34" rx="10" fill="#17191b"/>` +
        `<rect x="-120" y="${p.frontLightY + 64}" width="240" height="26" rx="8" fill="#1a1a1a"/>`
      : `<path d="M-180,${p.rearLightY} L-110,${p.rearLightY} L-112,${p.rearLightY + 30} L-178,${p.rearLightY + 30} Z" fill="#b0161d" stroke="#400" stroke-width="3"/>` +
        `<path d="M180,${p.rearLightY} L110,${p.rearLightY} L112,${p.rearLightY + 30} L178,${p.rearLightY + 30} Z" fill="#b0161d" stroke="#400" stroke-width="3"/>` +
        `<rect x="-52" y="${p.rearLightY + 52}" width="104" height="32" rx="3" fill="#f3f3f3" stroke="#222" stroke-width="3"/>` +
        `<rect x="-52" y="${p.rearLightY + 52}" width="104" height="9" fill="#1c4fa1"/>`;
  return (
    `<rect x="${-half + 8}" y="${600 - 80}" width="56" height="80" rx="10" fill="#151515"/>` +
    `<rect x="${half - 64}" y="${600 - 80}" width="56" height="80" rx="10" fill="#151515"/>` +
    `<path d="M${-half},${600 - 40} L${-half},${shoulder + 20} Q${-half},${shoulder} ${-half + 20},${shoulder - 6} L${-half + 46},${roof + 14} Q${-half + 56},${roof} ${-half + 90},${roof} L${half - 90},${roof} Q${half - 56},${roof} ${half - 46},${roof + 14} L${half - 20},${shoulder - 6} Q${half},${shoulder} ${half},${shoulder + 20} L${half},${600 - 40} Z" fill="url(#paint)" stroke="#000" stroke-opacity="0.35" stroke-width="2"/>` +
    `<path d="M${-half + 52},${shoulder - 12} L${-half + 70},${roof + 16} Q${-half + 76},${roof + 10} ${-half + 96},${roof + 10} L${half - 96},${roof + 10} Q${half - 76},${roof + 10} ${half - 70},${roof + 16} L${half - 52},${shoulder - 12} Z" fill="url(#glass)" stroke="#111" stroke-width="5"/>` +
    lights +
    `<rect x="${-half}" y="${600 - 58}" width="${half * 2}" height="22" rx="8" fill="#000" opacity="0.3"/>`
  );
}

function motoSide(): string {
  const r = 96;
  const wy = 600 - r - 6;
  const tyre = (cx: number) =>
    `<circle cx="${cx}" cy="${wy}" r="${r + 6}" fill="#151515"/><circle cx="${cx}" cy="${wy}" r="${r - 14}" fill="#2b2d30"/>` +
    `<circle cx="${cx}" cy="${wy}" r="${r - 22}" fill="none" stroke="#9aa0a6" stroke-width="6"/><circle cx="${cx}" cy="${wy}" r="26" fill="url(#rim)"/>` +
    `<circle cx="${cx}" cy="${wy}" r="52" fill="none" stroke="#6e7378" stroke-width="4" stroke-dasharray="10 8"/>`;
  return (
    tyre(300) +
    tyre(720) +
    `<path d="M300,${wy} L430,${wy - 70} L520,${wy - 30}" fill="none" stroke="#2a2a2a" stroke-width="22" stroke-linecap="round"/>` +
    `<rect x="420" y="${wy - 120}" width="150" height="110" rx="18" fill="#3b3f44"/>` +
    `<rect x="440" y="${wy - 104}" width="60" height="80" rx="8" fill="#55595f"/>` +
    `<path d="M360,${wy - 10} Q460,${wy + 30} 560,${wy - 10}" fill="none" stroke="#8c9096" stroke-width="18" stroke-linecap="round"/>` +
    `<path d="M720,${wy} L650,${wy - 230}" stroke="#c0c4c8" stroke-width="20" stroke-linecap="round"/>` +
    `<path d="M250,${wy - 150} Q330,${wy - 190} 430,${wy - 170} L580,${wy - 170} Q600,${wy - 170} 590,${wy - 150} L420,${wy - 130} Q320,${wy - 118} 250,${wy - 150} Z" fill="#1b1b1b"/>` +
    `<path d="M430,${wy - 176} Q470,${wy - 250} 560,${wy - 250} Q640,${wy - 246} 650,${wy - 200} L640,${wy - 150} Q560,${wy - 130} 470,${wy - 150} Z" fill="url(#paint)" stroke="#000" stroke-opacity="0.4" stroke-width="3"/>` +
    `<path d="M430,${wy - 176} Q470,${wy - 250} 560,${wy - 250} Q640,${wy - 246} 650,${wy - 200} L640,${wy - 150} Q560,${wy - 130} 470,${wy - 150} Z" fill="url(#sheen)"/>` +
    `<path d="M230,${wy - 150} Q260,${wy - 120} 330,${wy - 126}" fill="none" stroke="url(#paint)" stroke-width="26" stroke-linecap="round"/>` +
    `<rect x="236" y="${wy - 156}" width="26" height="14" rx="4" fill="#b0161d"/>` +
    `<path d="M640,${wy - 262} L600,${wy - 300}" stroke="#202020" stroke-width="14" stroke-linecap="round"/>` +
    `<circle cx="684" cy="${wy - 212}" r="26" fill="#eef3f6" stroke="#333" stroke-width="5"/>` +
    `<path d="M240,${wy + 20} L420,${wy + 10}" stroke="#a5a9ad" stroke-width="16" stroke-linecap="round"/>`
  );
}

function cabin(body: Body): string {
  if (body === 'moto') {
    return (
      `<rect x="0" y="0" width="${STUDIO_WIDTH}" height="${STUDIO_HEIGHT}" fill="url(#wall)"/>` +
      `<path d="M140,560 Q640,420 1140,560" fill="none" stroke="#1e1e1e" stroke-width="48" stroke-linecap="round"/>` +
      `<circle cx="640" cy="560" r="170" fill="#1a1c1e" stroke="url(#paint)" stroke-width="30"/>` +
      `<circle cx="640" cy="560" r="130" fill="#0d0f10"/>` +
      `<path d="M560,600 A90,90 0 1 1 720,600" fill="none" stroke="#e9eef2" stroke-width="6" stroke-dasharray="4 14"/>` +
      `<line x1="640" y1="560" x2="700" y2="500" stroke="#e33" stroke-width="6"/>` +
      `<rect x="600" y="620" width="80" height="30" rx="4" fill="#3c6e8f"/>` +
      `<rect x="60" y="520" width="150" height="70" rx="30" fill="#2b2b2b"/><rect x="1070" y="520" width="150" height="70" rx="30" fill="#2b2b2b"/>` +
      `<path d="M420,${STUDIO_HEIGHT} Q440,800 640,790 Q840,800 860,${STUDIO_HEIGHT} Z" fill="url(#paint)"/><path d="M420,${STUDIO_HEIGHT} Q440,800 640,790 Q840,800 860,${STUDIO_HEIGHT} Z" fill="url(#sheen)"/>`
    );
  }
  return (
    `<rect x="0" y="0" width="${STUDIO_WIDTH}" height="${STUDIO_HEIGHT}" fill="url(#wall)"/>` +
    `<path d="M0,0 L${STUDIO_WIDTH},0 L${STUDIO_WIDTH},140 Q640,90 0,140 Z" fill="#2a2c2f"/>` +
    `<path d="M0,140 L90,140 L150,520 L0,560 Z M${STUDIO_WIDTH},140 L${STUDIO_WIDTH - 90},140 L${STUDIO_WIDTH - 150},520 L${STUDIO_WIDTH},560 Z" fill="#232527"/>` +
    `<path d="M0,520 Q640,430 ${STUDIO_WIDTH},520 L${STUDIO_WIDTH},${STUDIO_HEIGHT} L0,${STUDIO_HEIGHT} Z" fill="#2c2e31"/>` +
    `<path d="M0,520 Q640,440 ${STUDIO_WIDTH},520 L${STUDIO_WIDTH},560 Q640,480 0,560 Z" fill="url(#paint)" opacity="0.85"/>` +
    `<rect x="250" y="590" width="250" height="90" rx="18" fill="#101214"/>` +
    `<circle cx="330" cy="635" r="34" fill="none" stroke="#d8dde1" stroke-width="3"/><circle cx="420" cy="635" r="34" fill="none" stroke="#d8dde1" stroke-width="3"/>` +
    `<rect x="600" y="560" width="240" height="140" rx="12" fill="#0b1a26" stroke="#3d4247" stroke-width="6"/>` +
    `<rect x="620" y="580" width="200" height="100" rx="6" fill="#1e5f8c" opacity="0.8"/>` +
    `<circle cx="375" cy="660" r="150" fill="none" stroke="#151617" stroke-width="34"/>` +
    `<path d="M240,680 L510,680 M375,660 L375,800" stroke="#151617" stroke-width="30"/>` +
    `<circle cx="375" cy="660" r="36" fill="#1f2123"/>` +
    `<path d="M880,${STUDIO_HEIGHT} L900,760 Q910,720 960,720 L1180,720 Q1230,720 1240,760 L${STUDIO_WIDTH},${STUDIO_HEIGHT} Z" fill="#3a3430"/>`
  );
}

function defs(paint: string, wallTone: number): string {
  const wall = `hsl(210,6%,${wallTone}%)`;
  const wallDark = `hsl(210,6%,${wallTone - 16}%)`;
  return (
    `<defs>` +
    `<radialGradient id="wall" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="${wallDark}"/></radialGradient>` +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(210,5%,${wallTone - 8}%)"/><stop offset="1" stop-color="hsl(210,5%,${wallTone - 24}%)"/></linearGradient>` +
    `<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${paint}" stop-opacity="1"/><stop offset="1" stop-color="${paint}"/></linearGradient>` +
    `<linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.05"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>` +
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b4652"/><stop offset="0.5" stop-color="#161c22"/><stop offset="1" stop-color="#2a333d"/></linearGradient>` +
    `<radialGradient id="rim" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#e4e7ea"/><stop offset="1" stop-color="#7a7f85"/></radialGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.6" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    `</defs>`
  );
}

function studio(): string {
  return (
    `<rect x="0" y="0" width="${STUDIO_WIDTH}" height="${STUDIO_HEIGHT}" fill="url(#wall)"/>` +
    `<path d="M0,700 Q640,660 ${STUDIO_WIDTH},700 L${STUDIO_WIDTH},${STUDIO_HEIGHT} L0,${STUDIO_HEIGHT} Z" fill="url(#floor)"/>`
  );
}

function shadow(cx: number, width: number): string {
  // A radial gradient, not a blur filter: librsvg's blur costs more than the rest of the scene.
  return `<ellipse cx="${cx}" cy="${STUDIO_HEIGHT * 0.8}" rx="${width / 2 + 40}" ry="46" fill="url(#shadow)"/>`;
}

/** Places content drawn with its ground at y = 600 onto the studio floor. */
function onFloor(x: number, scale: number, content: string, matrix = ''): string {
  const groundY = STUDIO_HEIGHT * 0.8;
  return `<g transform="translate(${x},${groundY}) ${matrix} scale(${scale}) translate(0,-600)">${content}</g>`;
}

function vehicle(subject: PhotoSubject, angle: Exclude<Angle, 'interior'>, nudge: number): string {
  const cx = STUDIO_WIDTH / 2 + nudge;
  if (subject.body === 'moto') {
    if (angle === 'side') return shadow(cx, 760) + onFloor(cx - 500, 1.05, motoSide());
    // Three-quarters: the bike turned towards the camera (front) or away from it (rear).
    const turned = angle === 'front' ? `<g transform="translate(1000,0) scale(-1,1)">${motoSide()}</g>` : motoSide();
    return shadow(cx, 600) + onFloor(cx - 330, 0.95, turned, 'matrix(0.7,-0.06,0,1,0,0)');
  }
  const p = PROFILES[subject.body];
  const length = p.front - p.rear;
  if (angle === 'side') return shadow(cx, length * 1.05) + onFloor(cx - ((p.front + p.rear) / 2) * 1.05, 1.05, carSide(p));
  // Three-quarters: the near end faces the camera on the left, the side recedes to the right,
  // squeezed and rising a little towards its far end.
  const sideScale = 0.74;
  const endScale = 0.82;
  const endHalf = 190 * endScale * 0.62;
  const left = cx - ((length * sideScale + endHalf * 2) / 2) * 0.95;
  const side =
    angle === 'front' ? `<g transform="translate(${p.front},0) scale(-1,1)">${carSide(p)}</g>` : `<g transform="translate(${-p.rear},0)">${carSide(p)}</g>`;
  return (
    shadow(cx, length * 0.95) +
    onFloor(left + endHalf * 2 - 44, 1, side, `matrix(${sideScale},-0.03,0,1,0,0)`) +
    onFloor(left + endHalf, 1, carEnd(p, angle), `matrix(${endScale * 0.62},0.03,0,1,0,0)`)
  );
}

/** The photo of `subject` as an SVG document of OUTPUT_WIDTH × OUTPUT_HEIGHT. */
export function studioSvg(subject: PhotoSubject): string {
  const h = hash32(subject.id);
  const wallTone = 84 + (h % 8);
  const nudge = ((h >>> 8) % 61) - 30;
  const angle = angleOf(subject.position);
  const scene = angle === 'interior' ? cabin(subject.body) : studio() + vehicle(subject, angle, nudge);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OUTPUT_WIDTH}" height="${OUTPUT_HEIGHT}" viewBox="0 0 ${STUDIO_WIDTH} ${STUDIO_HEIGHT}">` +
    defs(paintOf(subject.color), wallTone) +
    scene +
    `</svg>`
  );
}
