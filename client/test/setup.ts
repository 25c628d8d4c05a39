import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 1 s by default: on a loaded 2-CPU CI machine a screen's
// first render (jsdom, Chakra's styles) can take longer, and the test would fail on time alone.
configure({ asyncUtilTimeout: 5_000 });
