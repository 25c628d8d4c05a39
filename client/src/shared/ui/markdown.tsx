import { Box, Heading, Link, List, Text } from '@chakra-ui/react';
import Markdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';

/**
 * Where a link in the admin's Markdown may go: the web (https/http), e-mail, phone, or a page of
 * the shop (`#/...`). Anything else (javascript:, data:, vbscript:, a relative path) loses its
 * link and stays text.
 */
export function safeMarkdownUrl(url: string): string | undefined {
  const value = url.trim();
  if (/^#\/[^\s]*$/.test(value)) return value;
  if (/^(https?:\/\/|mailto:|tel:)[^\s]+$/i.test(value)) return value;
  return undefined;
}

const COMPONENTS: Components = {
  h1: ({ children }) => (
    <Heading as="h2" size="lg" mt="8" mb="3" color="gray.900">
      {children}
    </Heading>
  ),
  h2: ({ children }) => (
    <Heading as="h2" size="lg" mt="8" mb="3" color="gray.900">
      {children}
    </Heading>
  ),
  h3: ({ children }) => (
    <Heading as="h3" size="md" mt="6" mb="2" color="gray.900">
      {children}
    </Heading>
  ),
  h4: ({ children }) => (
    <Heading as="h4" size="sm" mt="4" mb="2">
      {children}
    </Heading>
  ),
  p: ({ children }) => (
    <Text mb="3" lineHeight="tall" color="gray.800">
      {children}
    </Text>
  ),
  ul: ({ children }) => (
    <List.Root as="ul" ps="6" mb="3" gap="1" listStyleType="disc">
      {children}
    </List.Root>
  ),
  ol: ({ children }) => (
    <List.Root as="ol" ps="6" mb="3" gap="1" listStyleType="decimal">
      {children}
    </List.Root>
  ),
  li: ({ children }) => (
    <List.Item lineHeight="tall" color="gray.800">
      {children}
    </List.Item>
  ),
  a: ({ href, children }) => {
    if (!href) return <>{children}</>;
    if (href.startsWith('#/')) {
      return (
        <Link asChild color="orange.700" textDecoration="underline">
          <RouterLink to={href.slice(1)}>{children}</RouterLink>
        </Link>
      );
    }
    const external = /^https?:/i.test(href);
    return (
      <Link
        href={href}
        color="orange.700"
        textDecoration="underline"
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
      </Link>
    );
  },
  // Images are not part of a legal text: their alternative text only.
  img: ({ alt }) => <>{alt ?? ''}</>,
};

/**
 * Markdown an admin wrote, drawn as the shop's own components: react-markdown builds React
 * elements (never innerHTML), raw HTML in the text is skipped (`skipHtml`: a `<script>` or an
 * `<img onerror>` is dropped, not drawn), and every link goes through `safeMarkdownUrl`.
 */
export function SafeMarkdown({ children, ...rest }: { children: string; 'data-testid'?: string }) {
  return (
    <Box {...rest}>
      <Markdown skipHtml urlTransform={(url) => safeMarkdownUrl(url)} components={COMPONENTS}>
        {children}
      </Markdown>
    </Box>
  );
}
