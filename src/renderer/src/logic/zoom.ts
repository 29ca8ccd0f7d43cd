// Zoom of the photo viewer, as a scale of the photo's own pixels (1 = 100%, actual pixels). The
// photo opens fitted inside the stage; zooming out stops at that fit, zooming in goes from there.
export const ZOOM_STEP = 1.25;
/** How far past actual pixels (or past the fit, for a photo smaller than the stage) zooming in goes. */
export const ZOOM_MAX_FACTOR = 5;

export interface Size {
  width: number;
  height: number;
}

/** The scale at which the whole photo fits inside the stage; 1 until both are measured. */
export function fitScale(photo: Size | null, stage: Size | null): number {
  if (!photo || !stage || photo.width <= 0 || photo.height <= 0 || stage.width <= 0 || stage.height <= 0) return 1;
  return Math.min(stage.width / photo.width, stage.height / photo.height);
}

function maxScale(fit: number): number {
  return Math.max(1, fit) * ZOOM_MAX_FACTOR;
}

export function zoomIn(scale: number, fit: number): number {
  return Math.min(maxScale(fit), scale * ZOOM_STEP);
}

/** A scale already below the fit (actual pixels of a small photo) goes no further out. */
export function zoomOut(scale: number, fit: number): number {
  return scale <= fit ? scale : Math.max(fit, scale / ZOOM_STEP);
}
