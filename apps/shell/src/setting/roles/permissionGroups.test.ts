import { PERMISSIONS, PERMISSION_LABELS } from '@backoffice/shared-api';
import { PERMISSION_GROUPS, PREREQUISITES, permissionWords, withPrerequisites } from './permissionGroups';

describe('the permissions as the Roles screen groups them', () => {
  it('offers every permission there is, each in one group', () => {
    const grouped = PERMISSION_GROUPS.flatMap((g) => g.permissions);
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('names what a role grants in words, in the groups’ order', () => {
    expect(permissionWords(['payouts.decide', 'dashboard.read', 'not.a.permission'])).toEqual([
      PERMISSION_LABELS['dashboard.read'],
      PERMISSION_LABELS['payouts.decide'],
    ]);
  });

  it('ticking what changes something ticks what shows it; clearing what shows it clears what needs it', () => {
    expect(withPrerequisites(['payouts.decide'], [])).toEqual(['payments.read', 'payouts.decide']);
    expect(
      withPrerequisites(['payments.read', 'payments.export', 'payouts.decide'], ['payments.read', 'payouts.decide']),
    ).toEqual(['payments.read', 'payments.export', 'payouts.decide']);
    expect(
      withPrerequisites(['dashboard.read', 'payouts.decide'], ['dashboard.read', 'payments.read', 'payouts.decide']),
    ).toEqual(['dashboard.read']);
    // Clearing the one that changes something leaves the one that shows it.
    expect(withPrerequisites(['payments.read'], ['payments.read', 'payouts.decide'])).toEqual(['payments.read']);
  });

  it('needs only permissions that exist, none of which needs itself', () => {
    for (const [permission, needed] of Object.entries(PREREQUISITES)) {
      expect(PERMISSIONS).toContain(permission);
      expect(PERMISSIONS).toContain(needed);
      expect(needed).not.toBe(permission);
    }
  });
});
