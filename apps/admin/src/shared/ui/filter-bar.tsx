import { Flex, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The search box of a list: typed text goes to the URL (and the server) when Enter or the button is pressed. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label,
}: {
  value: string | undefined;
  onSearch: (keyword: string | undefined) => void;
  placeholder: string;
  label?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <Input.Search
      aria-label={label ?? t('table.search')}
      placeholder={placeholder}
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(keyword) => onSearch(keyword.trim() || undefined)}
      style={{ width: 280 }}
      enterButton
    />
  );
}

/** A select filter of a list, with "all" as the empty choice. */
export function FilterSelect<V extends string>({
  value,
  onChange,
  options,
  label,
  allLabel,
}: {
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  options: { value: V; label: string }[];
  label: string;
  allLabel: string;
}) {
  return (
    <Select<V | ''>
      aria-label={label}
      value={value ?? ''}
      onChange={(v) => onChange(v === '' ? undefined : v)}
      options={[{ value: '' as const, label: allLabel }, ...options]}
      style={{ minWidth: 160 }}
    />
  );
}

/** The row of filters above a table. */
export function FilterBar({ children }: { children: React.ReactNode }) {
  return (
    <Flex gap={12} wrap align="center" className="filter-bar" role="search">
      {children}
    </Flex>
  );
}
