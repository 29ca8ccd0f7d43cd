// State-based navigation (no router): the screen on show and its argument.
import type { InventoryFilters } from '../../shared/inventory-filters';

export type View =
  /** `filters`: open the inventory showing these (its search cleared), e.g. what frees room in the plan. */
  | { screen: 'inventory'; filters?: InventoryFilters }
  | { screen: 'vehicle'; reference: string }
  | { screen: 'plan' }
  | { screen: 'attention' }
  | { screen: 'insights' }
  | { screen: 'sold' }
  /** `run`: a run whose changed listings show expanded (from the summary after a sync). */
  | { screen: 'history'; run?: string }
  | { screen: 'settings'; focus?: 'token' };

export type ScreenName = View['screen'];
