import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from '@backoffice/ui-kit/router';
import { useLinkTo } from '@backoffice/ui-kit';
import { useEditController, timeZoneOptions } from '@backoffice/ui-kit/forms';
import { useEndpointMutation, type UpdateUserProfileBody, type UserProfile } from '@backoffice/shared-api';
import { PERSON_KINDS, type PersonKind } from './personKinds';
import { changesOf, fieldNameOf, valuesOf, type ProfileFormValues } from './profileFormModel';
import { useProfileLookups } from './useProfileLookups';

/** Shown when the server's reply carries no message of its own. */
export const SAVED_MESSAGE = 'Profile saved';

/**
 * A fan's or an influencer's profile form, on the edit controller: the values it starts from, what
 * a save sends, where the server's field errors go, and the way back to the profile's view.
 */
export function usePersonProfileForm(kind: PersonKind, profile: UserProfile) {
  const names = PERSON_KINDS[kind];
  const navigate = useNavigate();
  const link = useLinkTo();
  // The list's state, carried back to the view so that its way back still finds the list as it was.
  const { state } = useLocation();
  const update = useEndpointMutation('updateUserProfile');
  const { categories, languages } = useProfileLookups();
  const initial = useMemo(() => valuesOf(kind, profile), [kind, profile]);

  // A fan's form has no influencer fields, so an error on one of them goes to the Alert.
  const known = useMemo(() => new Set(Object.keys(initial)), [initial]);
  const fieldOf = useCallback(
    (key: string) => {
      const name = fieldNameOf(key);
      // A whole-list key ('socialMedia') has no field of its own to carry the message.
      const onAField = known.has(String(name[0])) && (name[0] !== 'socialMedia' || name.length === 3);
      return onAField ? name : undefined;
    },
    [known],
  );

  const view = link(names.view, { id: profile._id });
  const toView = () => navigate(view, { state });
  const edit = useEditController<ProfileFormValues, UpdateUserProfileBody, UserProfile>({
    initial,
    diff: (from, to) => changesOf(kind, from, to),
    save: (changes) => update.mutateAsync({ query: { id: profile._id }, body: changes }),
    guardLabel: 'this profile',
    savedMessage: SAVED_MESSAGE,
    fieldOf,
    afterSave: toView,
  });

  return {
    ...edit,
    /** Cancel, Back: to the view, asking first when something is unsaved. */
    leave: () => edit.leave(toView),
    categoryOptions: (categories.data ?? []).map((c) => ({ value: c._id, label: c.name })),
    categoriesLoading: categories.isLoading,
    languageOptions: (languages.data ?? []).map((l) => ({ value: l._id, label: l.name })),
    languagesLoading: languages.isLoading,
    timeZoneOptions: useMemo(() => timeZoneOptions(initial.timeZone), [initial.timeZone]),
  };
}
