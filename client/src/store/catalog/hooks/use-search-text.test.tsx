import { act, cleanup, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { type SearchText, useSearchText } from './use-search-text';

let box: SearchText;
function Box() {
  box = useSearchText();
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Box /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('a search box following the route', () => {
  afterEach(() => cleanup());

  it('starts with the term of the search screen on view', () => {
    renderAt('/buscar/pantal%C3%B3n');
    expect(box.text).toBe('pantalón');
  });

  it('follows a search another box (or the history) opened, and empties off the search', async () => {
    const router = renderAt('/inicio');
    expect(box.text).toBe('');
    await act(() => router.navigate('/buscar/playera'));
    expect(box.text).toBe('playera');
    await act(() => router.navigate('/catalogo/buscar/jogger'));
    expect(box.text).toBe('jogger');
    await act(() => router.navigate(-1));
    expect(box.text).toBe('playera');
    await act(() => router.navigate('/inicio'));
    expect(box.text).toBe('');
  });

  it('keeps what was typed after the search this box itself opened', async () => {
    const router = renderAt('/inicio');
    act(() => box.setText('pan'));
    act(() => box.sent('pan'));
    act(() => box.setText('pantalon'));
    await act(() => router.navigate('/buscar/pan'));
    expect(box.text).toBe('pantalon');
    // The next route change from elsewhere is followed again.
    await act(() => router.navigate('/buscar/playera'));
    expect(box.text).toBe('playera');
  });
});
