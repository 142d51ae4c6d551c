import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@backoffice/ui-kit';
import { createQueryClient, type AdminProfile } from '@backoffice/shared-api';
import { ADMIN } from '@backoffice/shared-api/testing';

/** The signed-in fake admin's profile as the server keeps it. */
export const PROFILE: AdminProfile = {
  _id: ADMIN._id,
  firstName: ADMIN.firstName,
  lastName: ADMIN.lastName,
  email: ADMIN.email,
  bio: 'Keeps the marketplace running',
  isEmailVerified: true,
  mainProfilePicture: '',
  timeZone: 'Europe/Paris',
  availabilityStatus: '0',
  role: ADMIN.role,
  permissions: ADMIN.permissions,
  secondFactorEnabled: false,
  secondFactorRequired: false,
};

/**
 * A piece of the setting screen with the app's providers around it, at /app/setting, in a data
 * router as the shell's (the profile form's unsaved-changes guard needs one).
 */
export function renderInShell(ui: ReactElement) {
  const queryClient = createQueryClient();
  return {
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient} toasts>
        <RouterProvider
          router={createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/app/setting'] })}
        />
      </AppProviders>,
    ),
  };
}
