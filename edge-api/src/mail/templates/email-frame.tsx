// What every email of the platform looks like, from React Email's components (they write the table
// markup mail apps need): one card on a light page with the community's name, a heading, the
// email's own words, one button, and a small print under a rule. No remote image unless the
// community turned images in emails on (mail/brand.ts): a logo fetched from our host tells us when
// each email is read, so by default the name stands alone.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

const page = { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 };
const card = { backgroundColor: '#ffffff', borderRadius: 8, margin: '32px auto', maxWidth: 480, padding: 32 };
const button = {
  backgroundColor: '#4f46e5',
  borderRadius: 6,
  color: '#ffffff',
  fontSize: 16,
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};
export const body = { fontSize: 16, lineHeight: '24px', margin: '4px 0' };
export const small = { color: '#52525b', fontSize: 13, lineHeight: '20px' };

export type EmailFrameProps = {
  communityName: string;
  /** The community's logo (absolute), above its name; only when the community turned images on. */
  logoUrl?: string | undefined;
  /** The line mail apps show beside the subject. */
  preview: string;
  heading: ReactNode;
  action: { label: string; href: string };
  /** The email's own words, between the heading and the button. */
  children: ReactNode;
  /** Under the button, before the rule (e.g. the link as text). */
  afterAction?: ReactNode;
  /** Below the rule: why the member gets it, how long a link works, how to stop it. */
  footer: ReactNode;
};

export function EmailFrame(props: EmailFrameProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          {props.logoUrl ? (
            <Img
              src={props.logoUrl}
              alt={props.communityName}
              width={48}
              style={{ borderRadius: 8, height: 'auto', marginBottom: 8 }}
            />
          ) : null}
          <Text style={{ color: '#4f46e5', fontSize: 14, fontWeight: 700, margin: 0 }}>
            {props.communityName}
          </Text>
          <Heading as="h1" style={{ fontSize: 22, margin: '16px 0' }}>
            {props.heading}
          </Heading>
          {props.children}
          <Section style={{ margin: '24px 0' }}>
            <Button href={props.action.href} style={button}>
              {props.action.label}
            </Button>
          </Section>
          {props.afterAction}
          <Hr />
          <Text style={small}>{props.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}
