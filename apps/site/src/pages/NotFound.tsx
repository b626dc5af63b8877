import { LinkButton, NavBar } from '@beamstage/ui';
import { SITE_LINKS } from './site-links';

/** The 404 page for any path the studio does not know. */
export function NotFound({ path }: { path: string }) {
  return (
    <div className="page">
      <NavBar links={SITE_LINKS} />
      <section className="not-found">
        <p className="not-found__code">404</p>
        <h1>This surface is dark.</h1>
        <p>
          Nothing is mapped at <code>{path}</code>. The page may have moved, or the link may be mistyped.
        </p>
        <div className="hero__ctas">
          <LinkButton variant="primary" href="/">
            Back to the home page
          </LinkButton>
          <LinkButton variant="secondary" href="/documentation">
            Browse the documentation
          </LinkButton>
        </div>
      </section>
    </div>
  );
}
