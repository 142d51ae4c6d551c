import { useEndpointMutation, type EndpointBody, type RemoteReleases } from '@backoffice/shared-api';
import { useEditController } from '@backoffice/ui-kit/forms';

export interface StageValues {
  audience: 'admins' | 'percent';
  /** Emails, separated by commas or new lines. */
  admins: string;
  percent: number;
}

/** The emails a textarea holds, one per comma or line, without blanks. */
export const emailsIn = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);

/**
 * The stage dialog's form, on the one edit controller: named admins or a stable percentage, sent
 * with the revision shown; the server's refusal shows above the form.
 */
export function useStageForm(remote: RemoteReleases, version: string, close: () => void) {
  const stage = useEndpointMutation('stageRelease');
  return useEditController<StageValues, EndpointBody<'stageRelease'>, RemoteReleases>({
    initial: { audience: 'admins', admins: '', percent: 10 },
    diff: (_initial, v) => ({
      remote: remote.remote,
      version,
      revision: remote.revision,
      ...(v.audience === 'admins' ? { admins: emailsIn(v.admins) } : { percent: Number(v.percent) }),
    }),
    save: (body) => stage.mutateAsync({ body }),
    afterSave: close,
    unchanged: close,
    savedMessage: 'Release staged',
  });
}
