import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { searchTermOf } from '../search-path';

export interface SearchText {
  /** What the box shows. */
  text: string;
  setText: (text: string) => void;
  /** Call with the term this box is about to open, so the route's answer keeps later typing. */
  sent: (term: string) => void;
}

/**
 * The text of a search box that follows the route's search term: the sidebar's box and the
 * search screen's box show the same words, whichever of them (or the history) changed the route.
 * A route change this box made itself leaves its text alone (the shopper may have typed on
 * while the search screen opened).
 */
export function useSearchText(): SearchText {
  const routeTerm = searchTermOf(useLocation().pathname);
  const [text, setText] = useState(routeTerm);
  const [seenTerm, setSeenTerm] = useState(routeTerm);
  const [sentTerm, setSentTerm] = useState<string | null>(null);
  if (seenTerm !== routeTerm) {
    setSeenTerm(routeTerm);
    if (routeTerm !== sentTerm && text.trim() !== routeTerm) setText(routeTerm);
    setSentTerm(null);
  }
  return { text, setText, sent: (term) => setSentTerm(term.trim()) };
}
