import { CloseButton, Input, InputGroup } from '@chakra-ui/react';
import type { KeyboardEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Searches for the text: `delayMs` after the last change, or at once on Enter. */
  onSearch: (value: string) => void;
  delayMs: number;
  placeholder?: string;
  size?: 'md' | 'lg';
  autoFocus?: boolean;
  'data-testid'?: string;
  'aria-label'?: string;
}

export function SearchInput({
  value,
  onChange,
  onSearch,
  delayMs,
  placeholder = 'Buscar productos',
  size = 'md',
  autoFocus,
  ...rest
}: SearchInputProps) {
  const debouncedSearch = useDebouncedCallback(onSearch, delayMs);
  const change = (next: string) => {
    onChange(next);
    debouncedSearch.run(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    debouncedSearch.cancel();
    onSearch(value);
  };
  return (
    <InputGroup
      startElement={<LuSearch />}
      endElement={
        value ? (
          <CloseButton size="xs" aria-label="Borrar búsqueda" onClick={() => change('')} me="-2" />
        ) : undefined
      }
    >
      <Input
        type="search"
        value={value}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        aria-label={rest['aria-label'] ?? placeholder}
        data-testid={rest['data-testid']}
        size={size}
        bg="white"
        autoFocus={autoFocus}
        autoComplete="off"
        enterKeyHint="search"
        css={{ '&::-webkit-search-cancel-button': { display: 'none' } }}
      />
    </InputGroup>
  );
}
