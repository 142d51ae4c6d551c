import { createRoot } from 'react-dom/client';
import { StandaloneHost } from '@backoffice/ui-kit';
import FansScreen from './fans/FansScreen';
import FanDetailScreen from './fan-detail/FanDetailScreen';
import InfluencersScreen from './influencers/InfluencersScreen';
import RequestsScreen from './requests/RequestsScreen';

// Standalone: this remote's screens in a minimal host, for the team that develops them.
createRoot(document.getElementById('root')!).render(
  <StandaloneHost
    title="People"
    areas={[
      { path: 'fans', label: 'Fans', element: <FansScreen /> },
      { path: 'influencers', label: 'Influencers', element: <InfluencersScreen /> },
      { path: 'requests', label: 'Requests', element: <RequestsScreen /> },
      { path: 'details/fan-details', label: 'Fan detail', element: <FanDetailScreen /> },
    ]}
  />,
);
