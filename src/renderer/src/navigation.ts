// State-based navigation (no router): the screen on show and its argument.
export type View =
  | { screen: 'inventory' }
  | { screen: 'vehicle'; reference: string }
  | { screen: 'plan' }
  | { screen: 'attention' }
  /** `run`: a run whose changed listings show expanded (from the summary after a sync). */
  | { screen: 'history'; run?: string }
  | { screen: 'settings'; focus?: 'token' };

export type ScreenName = View['screen'];
