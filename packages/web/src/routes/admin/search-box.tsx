import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/** A search field that hands its text on after a pause in typing. */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  testId,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (text: string) => void;
  testId?: string;
}) {
  const [text, setText] = useState(value);
  const [settled] = useDebouncedValue(text.trim(), 300);
  const last = useRef(value);
  useEffect(() => {
    if (settled === last.current) return;
    last.current = settled;
    onSearch(settled);
  }, [settled, onSearch]);
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      w={{ base: '100%', sm: 280 }}
      data-testid={testId}
    />
  );
}
