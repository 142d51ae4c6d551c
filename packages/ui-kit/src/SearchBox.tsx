import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Input } from '@backoffice/ui-kit/antd';
import { CloseCircleFilled, SearchOutlined } from '@backoffice/ui-kit/antd';
import { useDebouncedCallback } from './debounce';

export interface SearchBoxProps {
  placeholder: string;
  /** The search in effect (usually from the URL); when it changes from outside, the box shows it. */
  value?: string;
  /** Called with the trimmed text, only when it differs from the search in effect. */
  onSearch: (trimmed: string) => void;
  /** Spec section 9: 800 ms. */
  debounceMs?: number;
  /** Defaults to the placeholder. */
  ariaLabel?: string;
}

/**
 * The one search box: debounced while typing, immediate on Enter or clear. Reports only real
 * changes of the trimmed text, so a trailing space or retyping the same word does not refetch.
 */
export function SearchBox({ placeholder, value = '', onSearch, debounceMs = 800, ariaLabel }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const reported = useRef(value.trim());

  const report = (raw: string) => {
    cancel();
    const trimmed = raw.trim();
    if (trimmed === reported.current) return;
    reported.current = trimmed;
    onSearch(trimmed);
  };
  // A pending call reports with the parent's current callback (the debounce calls the latest `report`).
  const { schedule, cancel } = useDebouncedCallback(report, debounceMs);

  useEffect(() => {
    // The echo of our own report must not overwrite the box: it would eat the space the admin just
    // typed between two words.
    if (value.trim() === reported.current) return;
    cancel();
    reported.current = value.trim();
    setText(value);
  }, [value]);

  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value;
    setText(next);
    schedule(next);
  };

  return (
    <Input
      // antd's clear button is otherwise announced by its icon's name, "close-circle".
      allowClear={{ clearIcon: <CloseCircleFilled aria-label="Clear search" /> }}
      prefix={<SearchOutlined aria-hidden />}
      placeholder={placeholder}
      aria-label={ariaLabel ?? placeholder}
      value={text}
      onChange={change}
      onPressEnter={() => report(text)}
      onClear={() => report('')}
      style={{ maxWidth: 320 }}
    />
  );
}
