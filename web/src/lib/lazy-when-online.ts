import { lazy, type ComponentType } from 'react';
import { importWhenOnline } from './online';

/**
 * React's `lazy` for a part loaded on first use (a banner, a popup, a panel): its import, failing
 * offline, waits for the network and is made again (record 188), as a page's does (app/lazy-page.tsx).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lazy's own bound: any component's props
export const lazyWhenOnline = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) =>
  lazy(() => importWhenOnline(load));
