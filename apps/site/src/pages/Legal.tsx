import { NavBar } from '@beamstage/ui';
import type { ReactNode } from 'react';
import { SITE_LINKS } from './site-links';

function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <div className="page">
      <NavBar links={SITE_LINKS} />
      <article className="prose prose--legal">
        <h1>{title}</h1>
        <p className="prose__meta">Last updated {updated}</p>
        {children}
      </article>
    </div>
  );
}

/** /privacy-policy */
export function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" updated="November 2026">
      <p>Beamstage is built to keep your work yours. This policy explains what we store, why, and what you can do about it.</p>
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your e-mail address, display name and the identifier our sign-in provider gives us.
        </li>
        <li>
          <strong>Projects and media:</strong> the projects you save and the files you upload, so you can open them anywhere.
        </li>
        <li>
          <strong>Billing:</strong> your plan and a customer reference at our payment provider. We never see or store card numbers.
        </li>
        <li>
          <strong>Usage counters:</strong> storage used and AI generations per day, to apply your plan’s limits.
        </li>
      </ul>
      <h2>What stays in your browser</h2>
      <p>Local copies, backups and your theme choice are kept in your browser’s storage so the editor works offline. Clearing site data removes them.</p>
      <h2>Published projects</h2>
      <p>When you publish a project, anyone with its projector link can view it. Unpublish at any time to stop that.</p>
      <h2>Your rights</h2>
      <p>You can export every project as JSON or ZIP, and delete your account and all its data. Write to us and we answer within 30 days.</p>
      <h2>Self-hosted installations</h2>
      <p>If you run Beamstage on your own server, your data never reaches us; the operator of that server is responsible for it.</p>
    </LegalPage>
  );
}

/** /terms-of-service */
export function TermsOfService() {
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <p>These terms apply when you use the hosted Beamstage service. By creating an account you accept them.</p>
      <h2>Your content</h2>
      <p>You keep all rights to what you create and upload. You give us only the permission needed to store it and show it to the people you share it with.</p>
      <h2>Acceptable use</h2>
      <p>Don’t upload content you have no right to, don’t use shared code layers to attack other users, and don’t try to get around plan limits.</p>
      <h2>Plans and payment</h2>
      <p>
        Paid plans renew monthly until cancelled. Cancelling keeps your plan until the end of the paid period; your projects stay available on the free plan.
      </p>
      <h2>Availability</h2>
      <p>We work hard to keep the service up, but live shows should keep a loaded projector open: it plays offline once loaded.</p>
      <h2>Changes</h2>
      <p>We announce material changes to these terms by e-mail at least 30 days before they apply.</p>
    </LegalPage>
  );
}
