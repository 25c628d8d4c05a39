import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SizePicker, sizeIndexAfterKey } from './size-picker';

const SIZES = [
  { size: 'S', stock: 0 },
  { size: 'M', stock: 3 },
  { size: 'L', stock: 1 },
];

function Picker() {
  const [selected, setSelected] = useState('M');
  return (
    <ChakraProvider value={defaultSystem}>
      <SizePicker sizes={SIZES} selected={selected} onSelect={setSelected} />
    </ChakraProvider>
  );
}

describe('SizePicker: the sizes are a radio group', () => {
  afterEach(() => cleanup());

  it('is one Tab stop, the chosen size', () => {
    render(<Picker />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves the choice and the focus with the arrow keys, round the ends', () => {
    render(<Picker />);
    const medium = screen.getByRole('radio', { name: 'M' });
    medium.focus();
    fireEvent.keyDown(medium, { key: 'ArrowRight' });
    const large = screen.getByRole('radio', { name: 'L' });
    expect(large.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(large);
    expect(large.tabIndex).toBe(0);
    fireEvent.keyDown(large, { key: 'ArrowRight' });
    const small = screen.getByRole('radio', { name: 'S (Agotado)' });
    expect(small.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(small);
    fireEvent.keyDown(small, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(large);
  });

  it('reads Home, End and the vertical arrows too, and nothing else', () => {
    expect(sizeIndexAfterKey('Home', 2, 3)).toBe(0);
    expect(sizeIndexAfterKey('End', 0, 3)).toBe(2);
    expect(sizeIndexAfterKey('ArrowDown', 0, 3)).toBe(1);
    expect(sizeIndexAfterKey('ArrowUp', 0, 3)).toBe(2);
    expect(sizeIndexAfterKey('a', 0, 3)).toBeUndefined();
  });
});
