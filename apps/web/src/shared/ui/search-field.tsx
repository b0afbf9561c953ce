import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './search-field.css';

interface SearchFieldProps {
  /** The search box's accessible name ("Search the shop"). */
  label: string;
  placeholder?: string;
  /** Controlled text; left out, the field keeps its own. */
  value?: string;
  onChange?: (value: string) => void;
  /** Enter (the keyboard's Search key). */
  onSearch?: (value: string) => void;
  onClear?: () => void;
  autoFocus?: boolean;
  className?: string;
}

/**
 * A search box (a search landmark) with a real clear button. antd-mobile's SearchBar puts its label on a
 * div and clears through a div with an aria-label but no role, which screen readers cannot operate
 * (axe: aria-prohibited-attr); this one is a form, a labelled searchbox and a button.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  onSearch,
  onClear,
  autoFocus,
  className,
}: SearchFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [own, setOwn] = useState('');
  const text = value ?? own;
  const change = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };
  return (
    <search>
      <form
        className={`search-field${className ? ` ${className}` : ''}`}
        onSubmit={(e) => {
          e.preventDefault();
          input.current?.blur();
          onSearch?.(text);
        }}
      >
        <SearchOutline className="search-field-icon" aria-hidden="true" />
        <input
          ref={input}
          type="search"
          enterKeyHint="search"
          className="search-field-input"
          aria-label={label}
          placeholder={placeholder}
          value={text}
          onChange={(e) => change(e.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the search page exists to type into this box
          autoFocus={autoFocus}
        />
        {text && (
          <button
            type="button"
            className="search-field-clear"
            aria-label={t('common.clearSearch')}
            onClick={() => {
              change('');
              onClear?.();
              input.current?.focus();
            }}
          >
            <CloseCircleFill aria-hidden="true" />
          </button>
        )}
      </form>
    </search>
  );
}
