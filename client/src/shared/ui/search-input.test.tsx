import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input';

function Harness({ onSearch }: { onSearch: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SearchInput
      value={value}
      onChange={setValue}
      onSearch={onSearch}
      delayMs={500}
      data-testid="search"
    />
  );
}

function renderInput() {
  const onSearch = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <Harness onSearch={onSearch} />
    </ChakraProvider>,
  );
  return { onSearch, input: screen.getByTestId('search') as HTMLInputElement };
}

describe('SearchInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('searches once typing has paused for the delay', () => {
    const { onSearch, input } = renderInput();
    fireEvent.change(input, { target: { value: 'pan' } });
    act(() => void vi.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: 'pantalon' } });
    act(() => void vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('pantalon');
    expect(input.value).toBe('pantalon');
  });

  it('searches at once on Enter, dropping the pending search', () => {
    const { onSearch, input } = renderInput();
    fireEvent.change(input, { target: { value: 'playera' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('playera');
    act(() => void vi.advanceTimersByTime(1_000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
