import { useState } from 'react';
import { Typography } from '@backoffice/ui-kit';
import { Select } from '@backoffice/ui-kit/forms';
import { useInfluencerOptions, type InfluencerOption } from './useInfluencerOptions';

export interface InfluencerSelectProps {
  /** The influencer's id (Form.Item passes value, onChange and id). */
  value?: string | null;
  onChange?: (id: string | undefined) => void;
  id?: string;
  /** The code's influencer as loaded, so the field shows a name before any search. */
  initial: InfluencerOption | undefined;
}

/** Picks an influencer by name, searching the server as the admin types. */
export function InfluencerSelect({ value, onChange, id, initial }: InfluencerSelectProps) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<InfluencerOption | undefined>(initial);
  const selected = value && picked?.value === value ? picked : undefined;
  const { options, loading, error } = useInfluencerOptions(text, selected);
  return (
    <Select<string, InfluencerOption>
      id={id}
      value={value ?? undefined}
      options={options}
      loading={loading}
      allowClear
      placeholder="Search influencers by name"
      showSearch={{ filterOption: false, onSearch: setText }}
      notFoundContent={
        error ? (
          <Typography.Text type="danger">{error}</Typography.Text>
        ) : loading ? (
          'Searching…'
        ) : (
          'No influencer found'
        )
      }
      onChange={(next, option) => {
        setPicked(Array.isArray(option) ? undefined : option);
        setText('');
        onChange?.(next ?? undefined);
      }}
    />
  );
}
