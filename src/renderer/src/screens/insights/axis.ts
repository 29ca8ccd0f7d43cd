// How the insights' charts draw their axes: lines and labels in the text's colour (so they follow the
// theme), labels in the page's font.
const TEXT = { fill: 'currentColor', fontSize: 12, fontFamily: 'inherit' } as const;

/** Props of a visx axis (AxisLeft, AxisBottom) whose labels sit at `anchor`, moved `dx` units. */
export function axisStyle(anchor: 'end' | 'middle', dx = 0) {
  return { stroke: 'currentColor', tickStroke: 'currentColor', tickLabelProps: { ...TEXT, textAnchor: anchor, dx } } as const;
}
