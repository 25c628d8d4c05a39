import { CloseButton, Input, InputGroup } from '@chakra-ui/react';
import type { KeyboardEvent } from 'react';
import { LuSearch } from 'react-icons/lu';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter pressed. */
  onSubmit?: (value: string) => void;
  placeholder?: string;
  size?: 'md' | 'lg';
  autoFocus?: boolean;
  'data-testid'?: string;
  'aria-label'?: string;
}

export function SearchInput({
  value,
  onChange,
  onSubmit,
  placeholder = 'Buscar productos',
  size = 'md',
  autoFocus,
  ...rest
}: SearchInputProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') onSubmit?.(value);
  };
  return (
    <InputGroup
      startElement={<LuSearch />}
      endElement={
        value ? (
          <CloseButton
            size="xs"
            aria-label="Borrar búsqueda"
            onClick={() => onChange('')}
            me="-2"
          />
        ) : undefined
      }
    >
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
