import type { CSSProperties } from 'react';

/** Read by screen readers, invisible on screen (the usual clip pattern; display:none would hide it from both). */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
