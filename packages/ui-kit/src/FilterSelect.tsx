import { Select } from '@backoffice/ui-kit/antd-on-demand';
import { FilterField } from '@backoffice/ui-kit';

const ALL = 'all';

export interface FilterSelectProps<T extends string> {
  id: string;
  label: string;
  /** The values a list may be narrowed to; "All" (no filter) comes first. */
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  width?: number;
  /** Typing narrows the options to those whose label contains the text: for a long list. */
  searchable?: boolean;
}

/** One list filter: All, or one of its values. */
export function FilterSelect<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
  width = 150,
  searchable = false,
}: FilterSelectProps<T>) {
  return (
    <FilterField id={id} label={label}>
      <Select<string>
        id={id}
        options={[{ value: ALL, label: 'All' }, ...options]}
        value={value ?? ALL}
        onChange={(v) => onChange(v === ALL ? undefined : (v as T))}
        showSearch={searchable ? { optionFilterProp: 'label' } : false}
        style={{ width }}
      />
    </FilterField>
  );
}
