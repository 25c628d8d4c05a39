import type { CSSProperties, ReactNode } from 'react';
import {
  Button as EmailButton,
  Column,
  Heading,
  Link,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { colors, h1, h2, link, MONO_STACK, small, text } from './theme.js';

/** The message's title, once, at the top of the card. */
export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={h1}>
      {children}
    </Heading>
  );
}

/** A section's heading inside the card. */
export function Subtitle({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={h2}>
      {children}
    </Heading>
  );
}

export function P({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...text, ...style }}>{children}</Text>;
}

export function Small({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...small, ...style }}>{children}</Text>;
}

/** An inline link in the shop's accent colour. */
export function A({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={link}>
      {children}
    </Link>
  );
}

/** A button: a link with a solid background (the only kind every mail client shows). */
export function Button({
  href,
  children,
  tone = 'accent',
}: {
  href: string;
  children: ReactNode;
  tone?: 'accent' | 'green' | 'dark';
}) {
  const background = tone === 'green' ? colors.green : tone === 'dark' ? colors.ink : colors.accent;
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <EmailButton
        href={href}
        target="_blank"
        style={{
          backgroundColor: background,
          color: '#ffffff',
          borderRadius: '8px',
          fontSize: '16px',
          fontWeight: 700,
          lineHeight: '24px',
          padding: '12px 24px',
          textDecoration: 'none',
          textAlign: 'center',
          display: 'inline-block',
        }}
      >
        {children}
      </EmailButton>
    </Section>
  );
}

/** A tinted box for what the reader must not miss (a deadline, a warning). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <Section
      style={{
        backgroundColor: colors.notice,
        border: `1px solid ${colors.noticeBorder}`,
        borderRadius: '8px',
        margin: '0 0 24px',
      }}
    >
      <Text
        style={{
          margin: '0',
          padding: '12px 16px',
          fontSize: '15px',
          lineHeight: '22px',
          color: colors.noticeText,
        }}
      >
        {children}
      </Text>
    </Section>
  );
}

/** Label and value pairs in a light panel (payment details, the customer's data). */
export function Details({
  rows,
}: {
  rows: { label: string; value: ReactNode; mono?: boolean; hint?: string }[];
}) {
  return (
    <Section
      style={{
        backgroundColor: colors.panel,
        border: `1px solid ${colors.border}`,
        borderRadius: '8px',
        margin: '0 0 20px',
      }}
    >
      {rows.map((row, index) => (
        <Row key={row.label}>
          <Column
            style={{
              padding: '10px 16px',
              borderTop: index === 0 ? 'none' : `1px solid ${colors.border}`,
            }}
          >
            <Text
              style={{
                margin: '0',
                fontSize: '12px',
                lineHeight: '16px',
                letterSpacing: '0.04em',
                textTransform: 'uppercase',
                color: colors.muted,
              }}
            >
              {row.label}
            </Text>
            <Text
              style={{
                margin: '2px 0 0',
                fontSize: row.mono ? '17px' : '16px',
                lineHeight: '24px',
                fontWeight: 600,
                color: colors.text,
                fontFamily: row.mono ? MONO_STACK : undefined,
                letterSpacing: row.mono ? '0.03em' : undefined,
                wordBreak: 'break-word',
              }}
            >
              {row.value}
            </Text>
            {row.hint ? (
              <Text style={{ ...small, fontSize: '13px', lineHeight: '18px' }}>{row.hint}</Text>
            ) : null}
          </Column>
        </Row>
      ))}
    </Section>
  );
}
