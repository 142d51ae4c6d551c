import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { mountOf, withComponents, type ScreenComponents } from '@backoffice/shared-api';
import { StandaloneHost } from '@backoffice/ui-kit/standalone';
import FansScreen from './fans/FansScreen';
import FanDetailScreen from './fan-detail/FanDetailScreen';
import InfluencersScreen from './influencers/InfluencersScreen';
import RequestsScreen from './requests/RequestsScreen';

/** Each screen of this remote in the table of screens, by its module. */
const SCREENS = {
  Fans: FansScreen,
  Influencers: InfluencersScreen,
  Requests: RequestsScreen,
  FanDetail: FanDetailScreen,
} satisfies ScreenComponents<'people', ComponentType>;

// Standalone: this remote's screens in a minimal host, for the team that develops them.
createRoot(document.getElementById('root')!).render(
  <StandaloneHost
    title="People"
    areas={withComponents('people', SCREENS).map(({ screen, component: Screen }) => ({
      // The route's parameters (`details/fan-details/:id`) are the screen's own to match.
      path: mountOf(screen),
      label: screen.title,
      element: <Screen />,
    }))}
  />,
);
