import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Footer } from './Footer';
import { LoadingOverlay } from './LoadingOverlay';
import { TextField } from './TextField';

describe('Footer', () => {
  it('shows the tagline, the current year and the spec links', () => {
    const html = renderToStaticMarkup(<Footer />);
    expect(html).toContain('Reimagining projection mapping for everyone.');
    expect(html).toContain(`© ${new Date().getFullYear()} Beamstage`);
    for (const href of ['/pricing', '/documentation', '/documentation/tutorials/overview', '/privacy-policy', '/terms-of-service']) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('>Community<');
    expect(html).toContain('>Contact<');
    expect(html).toContain('>Social<');
  });
});

describe('LoadingOverlay', () => {
  it('defaults to "Loading..." with no sub-text', () => {
    const html = renderToStaticMarkup(<LoadingOverlay />);
    expect(html).toContain('Loading...');
    expect(html).not.toContain('bs-overlay__sub');
  });

  it('shows a sub-text when given', () => {
    const html = renderToStaticMarkup(<LoadingOverlay text="Loading layers..." subText="Preparing media content" />);
    expect(html).toContain('Loading layers...');
    expect(html).toContain('Preparing media content');
  });
});

describe('TextField', () => {
  it('marks an errored field invalid and shows the error', () => {
    const html = renderToStaticMarkup(<TextField label="Password" name="password" error="Password must be at least 8 characters" />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('Password must be at least 8 characters');
  });
});
