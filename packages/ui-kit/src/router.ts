/**
 * The router of every page: react-router's parts the back office uses, as ui-kit's third singleton
 * entry. Module Federation shares `@backoffice/ui-kit/router` under its own key as a strict
 * singleton with its own version (package.json `federation.singletons`): one router, one location
 * and one blocker per page, whichever remote renders a link.
 *
 * Why not share react-router-dom itself: a shared module is not tree-shaken, and the whole library
 * (server rendering, fetchers, cookies, route modules) is 61 KiB gzip on every page, the sign-in
 * page included; these names are half of that.
 *
 * Apps and packages import routing from here, never from react-router-dom (ESLint); tests may use
 * react-router-dom's memory routers directly. Adding a name here changes the singleton: bump its
 * version (README, "Releasing a remote").
 */
export {
  createBrowserRouter,
  createRoutesFromElements,
  Link,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  UNSAFE_DataRouterContext,
  useBlocker,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
export type { Blocker, BlockerFunction, InitialEntry, Location, RouteObject } from 'react-router-dom';
