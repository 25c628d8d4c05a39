import { Link } from '@chakra-ui/react';
import type { MouseEvent, RefObject } from 'react';

/** The id of the store's `<main>`. */
export const MAIN_CONTENT_ID = 'contenido';
/** Marks, inside `<main>`, where the content starts past a filter column (the results). */
export const SKIP_TARGET_ATTRIBUTE = 'data-skip-target';

/** Where 'Saltar al contenido' lands: the page's marked start, else `<main>` itself. */
export function skipTarget(root: Document = document): HTMLElement | null {
  const main = root.getElementById(MAIN_CONTENT_ID);
  return main?.querySelector<HTMLElement>(`[${SKIP_TARGET_ATTRIBUTE}]`) ?? main;
}

/**
 * 'Saltar al contenido': the first stop of the keyboard, shown only while focused, it moves the
 * focus past the sidebar (and the catalogue's 40-odd filter checkboxes) to the content. The
 * routes live in the URL's hash, so it focuses the target itself instead of following '#…'.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    skipTarget()?.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      data-testid="skip-link"
      position="fixed"
      top="2"
      left="2"
      zIndex="skipNav"
      px="4"
      py="2"
      rounded="md"
      bg="gray.900"
      color="white"
      fontWeight="semibold"
      // Off screen until focused, shadow included (a shadow left on showed as a grey smear at the
      // top of every page).
      transform="translateY(-200%)"
      _focus={{ transform: 'none', textDecoration: 'none', shadow: 'lg' }}
    >
      Saltar al contenido
    </Link>
  );
}

/** The words of the link before the catalogue's filters. */
export const SKIP_TO_PRODUCTS_LABEL = 'Saltar a los productos';

/**
 * 'Saltar a los productos': the first stop of the catalogue's filter column, shown only while
 * focused; it moves the focus past the 40-odd filter checkboxes to the products (`target`).
 */
export function SkipToProducts({ target }: { target: RefObject<HTMLElement | null> }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    target.current?.focus();
  };
  return (
    <Link
      href="#productos"
      onClick={skip}
      data-testid="skip-to-products"
      position="absolute"
      top="2"
      left="2"
      zIndex="1"
      w="1px"
      h="1px"
      overflow="hidden"
      whiteSpace="nowrap"
      clipPath="inset(50%)"
      rounded="md"
      bg="gray.900"
      color="white"
      fontWeight="semibold"
      _focus={{
        w: 'auto',
        h: 'auto',
        px: '4',
        py: '2',
        clipPath: 'none',
        textDecoration: 'none',
        shadow: 'lg',
      }}
    >
      {SKIP_TO_PRODUCTS_LABEL}
    </Link>
  );
}
