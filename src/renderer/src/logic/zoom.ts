// Zoom steps of the photo viewer.
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 5;

export function zoomIn(z: number): number {
  return Math.min(ZOOM_MAX, Math.round(z * 1.25 * 100) / 100);
}
export function zoomOut(z: number): number {
  return Math.max(ZOOM_MIN, Math.round((z / 1.25) * 100) / 100);
}
