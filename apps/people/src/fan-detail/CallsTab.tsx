import { formatCallDuration, formatCallEnd, formatDateTime, shortId } from '@backoffice/ui-kit';
import { SectionTable } from './SectionTable';
import type { FanDetailRow, SectionBinding } from './useFanDetailController';

type CallRow = FanDetailRow<'videoCalls'>;

export function CallsTab({ calls }: { calls: SectionBinding<CallRow> }) {
  return (
    <SectionTable<CallRow>
      title="Video Calls"
      caption="Fan's calls"
      searchPlaceholder="Search Call ID"
      emptyText="No calls found."
      section={calls}
      columns={[
        { key: '_id', title: 'Call ID', render: (c) => shortId(c._id) },
        { key: 'startedAt', title: 'Started At', render: (c) => formatDateTime(c.startedAt) },
        { key: 'endedAt', title: 'Ended At', render: (c) => formatCallEnd(c.endedAt) },
        { key: 'duration', title: 'Duration', render: (c) => formatCallDuration(c.startedAt, c.endedAt) },
      ]}
    />
  );
}
