import { useNavigate } from 'react-router-dom';
import { SearchInput, type SearchInputProps } from '../../../shared/ui/search-input';
import { useSearchText } from '../hooks/use-search-text';
import { searchPath } from '../search-path';

export interface SearchBoxProps extends Pick<
  SearchInputProps,
  'delayMs' | 'placeholder' | 'data-testid'
> {
  /** false: search the price-free catalogue (/catalogo/buscar/…). */
  showPrices: boolean;
  /** Called after it has opened the search screen (closes the phone menu). */
  onNavigate?: () => void;
}

/**
 * A search field that opens the search screen for what was typed (nothing for blanks); it shows
 * the term of the search screen on view, like the screen's own box.
 */
export function SearchBox({ showPrices, onNavigate, ...inputProps }: SearchBoxProps) {
  const navigate = useNavigate();
  const { text, setText, sent } = useSearchText();

  const openSearch = (value: string) => {
    if (value.trim() === '') return;
    sent(value);
    navigate(searchPath(value, showPrices));
    onNavigate?.();
  };

  return <SearchInput value={text} onChange={setText} onSearch={openSearch} {...inputProps} />;
}
