import { Link, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useDebouncedCallback } from '../../../shared/hooks/use-debounced-callback';
import { SearchInput, type SearchInputProps } from '../../../shared/ui/search-input';
import { SearchSuggestionsQuery } from '../api';
import { useSearchText } from '../hooks/use-search-text';
import { searchPath } from '../search-path';

/** How long typing rests before the suggestions are asked (the search itself waits longer). */
export const SUGGESTIONS_DEBOUNCE_MS = 200;

export interface SearchBoxProps extends Pick<
  SearchInputProps,
  'delayMs' | 'placeholder' | 'data-testid'
> {
  /** false: search the price-free catalogue (/catalogo/buscar/…). */
  showPrices: boolean;
  /** Called after it has opened the search screen (closes the phone menu). */
  onNavigate?: () => void;
  /** Lists, under the field, the search with its last word completed from the catalogue. */
  suggest?: boolean;
}

/** A text as the server compares searches: lower case, no accents, single spaces. */
export const searchFormOf = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');

/**
 * A search field that opens the search screen for what was typed (nothing for blanks); it shows
 * the term of the search screen on view, like the screen's own box. With `suggest`, a list of
 * links under it offers the search completed from the catalogue's words as the shopper types
 * (the screen still opens by itself after `delayMs`).
 */
export function SearchBox({ showPrices, onNavigate, suggest, ...inputProps }: SearchBoxProps) {
  const navigate = useNavigate();
  const { text, setText, sent } = useSearchText();
  const listId = useId();
  const [asked, setAsked] = useState('');
  const { run: ask } = useDebouncedCallback(setAsked, SUGGESTIONS_DEBOUNCE_MS);
  const typed = searchFormOf(text);
  useEffect(() => {
    if (suggest) ask(typed);
  }, [suggest, typed, ask]);
  const { data } = useQuery(SearchSuggestionsQuery, {
    variables: { search: asked },
    skip: !suggest || asked.length < 2,
  });
  const completions =
    suggest && asked === typed && typed.length >= 2
      ? (data?.searchSuggestions.completions ?? []).filter((c) => c !== typed)
      : [];

  const openSearch = (value: string) => {
    if (value.trim() === '') return;
    sent(value);
    navigate(searchPath(value, showPrices));
    onNavigate?.();
  };

  return (
    <>
      <SearchInput value={text} onChange={setText} onSearch={openSearch} {...inputProps} />
      {completions.length > 0 ? (
        <Stack
          as="ul"
          id={listId}
          aria-label="Sugerencias de búsqueda"
          listStyleType="none"
          gap="0"
          mt="1"
          py="1"
          bg="white"
          borderWidth="1px"
          borderColor="gray.200"
          rounded="md"
          data-testid="search-suggestions"
        >
          {completions.map((c) => (
            <li key={c}>
              <Link
                asChild
                fontSize="sm"
                px="3"
                py="1.5"
                display="flex"
                gap="2"
                alignItems="center"
                color="fg"
                textDecoration="none"
                _hover={{ bg: 'gray.100' }}
              >
                <RouterLink
                  to={searchPath(c, showPrices)}
                  onClick={() => {
                    sent(c);
                    setText(c);
                    onNavigate?.();
                  }}
                >
                  <LuSearch aria-hidden="true" />
                  {c}
                </RouterLink>
              </Link>
            </li>
          ))}
        </Stack>
      ) : null}
    </>
  );
}
