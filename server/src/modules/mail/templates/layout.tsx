import type { ReactNode } from 'react';
import {
  Body,
  Column,
  Container,
  Head,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import type { ShopBrand } from '../messages.js';
import { colors, FONT_STACK, link } from './theme.js';

export interface LayoutProps {
  brand: ShopBrand;
  /** The document's title (the subject). */
  title: string;
  /** The line mail clients show after the subject in the inbox. */
  preview: string;
  /** Why the reader gets this message, in the footer. */
  reason?: string;
  children: ReactNode;
}

/**
 * Every message's frame: a 600 px card on a light page, the shop's logo and name on a dark band,
 * the content, and a footer with the shop's contact links.
 */
export function Layout({ brand, title, preview, reason, children }: LayoutProps) {
  return (
    <Html lang="es" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.page,
          margin: '0',
          padding: '24px 8px',
          fontFamily: FONT_STACK,
          color: colors.text,
        }}
      >
        {/* A landmark for screen readers when the message is opened as a page (web mail, the
            development mailbox); mail clients ignore the role. */}
        <div role="main">
          <Container style={{ maxWidth: '600px', width: '100%', margin: '0 auto' }}>
            <Section
              style={{
                backgroundColor: colors.ink,
                borderRadius: '12px 12px 0 0',
                padding: '16px 24px',
              }}
            >
              <Row>
                <Column style={{ width: '52px', verticalAlign: 'middle' }}>
                  <Link href={brand.publicUrl} target="_blank" data-skip-in-text>
                    <Img
                      src={brand.logoUrl}
                      alt={brand.name}
                      width="40"
                      height="40"
                      style={{ borderRadius: '8px' }}
                    />
                  </Link>
                </Column>
                <Column style={{ verticalAlign: 'middle' }}>
                  <Text
                    style={{
                      margin: '0',
                      fontSize: '20px',
                      lineHeight: '28px',
                      fontWeight: 700,
                      color: '#ffffff',
                    }}
                  >
                    {brand.name}
                  </Text>
                </Column>
              </Row>
            </Section>
            <Section
              style={{
                backgroundColor: colors.card,
                borderRadius: '0 0 12px 12px',
                border: `1px solid ${colors.border}`,
                borderTop: 'none',
                padding: '28px 24px 12px',
              }}
            >
              {children}
            </Section>
            <Footer brand={brand} reason={reason} />
          </Container>
        </div>
      </Body>
    </Html>
  );
}

/** The shop's contact links and why the message was sent. */
export function Footer({ brand, reason }: { brand: ShopBrand; reason?: string }) {
  const footerText = {
    margin: '0 0 8px',
    fontSize: '13px',
    lineHeight: '20px',
    color: colors.muted,
    textAlign: 'center' as const,
  };
  return (
    <Section style={{ padding: '20px 16px 8px' }}>
      <Text style={footerText}>
        ¿Dudas? Escríbenos por{' '}
        <Link href={brand.whatsappUrl} style={link}>
          WhatsApp
        </Link>{' '}
        o en{' '}
        <Link href={brand.facebookUrl} style={link}>
          Facebook
        </Link>
        .
      </Text>
      {reason ? <Text style={footerText}>{reason}</Text> : null}
      <Text style={footerText}>
        <Link href={brand.publicUrl} style={{ ...link, color: colors.muted }}>
          {brand.name}
        </Link>
      </Text>
    </Section>
  );
}
