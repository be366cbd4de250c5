import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

/**
 * The notification emails (issue 18 item 4), one React Email template set: the worker renders
 * each to HTML, and the plain-text part is that HTML read as text (`toPlainText`), so the two
 * always say the same. Colours are the web app's brand and ink tokens (apps/web/src/index.css).
 */
const colors = { brand: '#15803d', ink: '#1e293b', muted: '#64748b', line: '#e2e8f0', page: '#f8fafc' } as const;
const font = "Inter, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface EmailFooter {
  /** Why this email came: the event type's label, as on the preferences. */
  eventLabel: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
}

/** The footer says why the email came and offers to stop it: one line per event type it holds (the hourly digest may hold several). */
function Layout({ preview, footer, children }: { preview: string; footer: EmailFooter | EmailFooter[]; children: ReactNode }) {
  const footers = Array.isArray(footer) ? footer : [footer];
  const labels = footers.map((one) => `“${one.eventLabel}”`);
  const why = labels.length === 1 ? `${labels[0]} is` : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)} are`;
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.page, fontFamily: font, color: colors.ink, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '560px', backgroundColor: '#ffffff', border: `1px solid ${colors.line}`, borderRadius: '8px', padding: '24px' }}>
          <Text style={{ color: colors.brand, fontWeight: 700, fontSize: '16px', margin: '0 0 16px' }}>SunIn Partner Portal</Text>
          {children}
          <Hr style={{ borderColor: colors.line, margin: '24px 0 16px' }} />
          <Text style={{ color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: 0 }}>
            Why this email: {why} on in your email preferences.{' '}
            <Link href={footers[0]!.preferencesUrl} style={{ color: colors.brand }}>
              Manage email preferences
            </Link>
            {footers.map((one) => (
              <span key={one.eventLabel}>
                {' '}
                ·{' '}
                <Link href={one.unsubscribeUrl} style={{ color: colors.brand }}>
                  Unsubscribe from “{one.eventLabel}”
                </Link>
              </span>
            ))}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button href={href} style={{ backgroundColor: colors.brand, color: '#ffffff', borderRadius: '6px', padding: '10px 18px', fontWeight: 600, fontSize: '14px' }}>
      {children}
    </Button>
  );
}

export interface NotificationEmailProps {
  firstName: string;
  title: string;
  message: string;
  /** The thing it is about; null when there is nothing to open. */
  action: { url: string; label: string } | null;
  footer: EmailFooter;
}

/** One notification: its title, its message and a button to what it is about. */
export function NotificationEmail({ firstName, title, message, action, footer }: NotificationEmailProps) {
  return (
    <Layout preview={message} footer={footer}>
      <Heading as="h1" style={{ fontSize: '20px', lineHeight: '28px', margin: '0 0 12px' }}>
        {title}
      </Heading>
      <Text style={{ fontSize: '15px', lineHeight: '22px' }}>Hello {firstName},</Text>
      <Text style={{ fontSize: '15px', lineHeight: '22px' }}>{message}</Text>
      {action && (
        <Section style={{ margin: '20px 0 4px' }}>
          <ActionButton href={action.url}>{action.label}</ActionButton>
        </Section>
      )}
    </Layout>
  );
}

export interface DigestSection {
  heading: string;
  /** Said when the section has no items. */
  empty: string;
  items: Array<{ text: string; url: string | null }>;
  /** Items beyond those listed. */
  more: number;
}

export interface DigestEmailProps {
  firstName: string;
  title: string;
  intro: string;
  sections: DigestSection[];
  action: { url: string; label: string };
  footer: EmailFooter | EmailFooter[];
}

/** The weekly and the hourly digest: a few short sections of linked lines. */
export function DigestEmail({ firstName, title, intro, sections, action, footer }: DigestEmailProps) {
  return (
    <Layout preview={intro} footer={footer}>
      <Heading as="h1" style={{ fontSize: '20px', lineHeight: '28px', margin: '0 0 12px' }}>
        {title}
      </Heading>
      <Text style={{ fontSize: '15px', lineHeight: '22px' }}>Hello {firstName},</Text>
      <Text style={{ fontSize: '15px', lineHeight: '22px' }}>{intro}</Text>
      {sections.map((section) => (
        <Section key={section.heading} style={{ margin: '16px 0 0' }}>
          <Heading as="h2" style={{ fontSize: '16px', lineHeight: '24px', margin: '0 0 4px' }}>
            {section.heading}
          </Heading>
          {section.items.length === 0 ? (
            <Text style={{ fontSize: '14px', lineHeight: '20px', color: colors.muted, margin: '0' }}>{section.empty}</Text>
          ) : (
            section.items.map((item, index) => (
              <Text key={index} style={{ fontSize: '14px', lineHeight: '20px', margin: '0 0 4px' }}>
                •{' '}
                {item.url ? (
                  <Link href={item.url} style={{ color: colors.ink, textDecoration: 'underline' }}>
                    {item.text}
                  </Link>
                ) : (
                  item.text
                )}
              </Text>
            ))
          )}
          {section.more > 0 && <Text style={{ fontSize: '14px', lineHeight: '20px', color: colors.muted, margin: '0' }}>and {section.more} more</Text>}
        </Section>
      ))}
      <Section style={{ margin: '20px 0 4px' }}>
        <ActionButton href={action.url}>{action.label}</ActionButton>
      </Section>
    </Layout>
  );
}
