// State-based navigation (no router): the screen on show and its argument.
export type View =
  | { screen: 'inventory' }
  | { screen: 'vehicle'; reference: string }
  | { screen: 'plan' }
  | { screen: 'history' }
  | { screen: 'settings'; focus?: 'token' };

export type ScreenName = View['screen'];
