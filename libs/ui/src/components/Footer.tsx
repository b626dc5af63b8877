import { LogoMark } from './Logo';

/** The tagline of spec section 2. */
export const FOOTER_TAGLINE = 'Reimagining projection mapping for everyone.';

export interface FooterExternalLinks {
  readonly community: string;
  readonly contact: string;
  readonly social: string;
}

export const DEFAULT_EXTERNAL_LINKS: FooterExternalLinks = {
  community: 'https://github.com/beamstage/beamstage/discussions',
  contact: 'mailto:hello@beamstage.app',
  social: 'https://mastodon.social/@beamstage',
};

/** The shared footer: product, learn and community links, the copyright year and the tagline. */
export function Footer({ year = new Date().getFullYear(), external = DEFAULT_EXTERNAL_LINKS }: { year?: number; external?: FooterExternalLinks }) {
  return (
    <footer className="bs-footer">
      <div className="bs-footer__grid">
        <div>
          <a className="bs-logo" href="/">
            <LogoMark size={24} />
            <span>Beamstage</span>
          </a>
          <p className="bs-footer__tagline">{FOOTER_TAGLINE}</p>
        </div>
        <div>
          <h4>Product</h4>
          <ul>
            <li>
              <a href="/pricing">Pricing</a>
            </li>
            <li>
              <a href="/dashboard">Dashboard</a>
            </li>
          </ul>
        </div>
        <div>
          <h4>Learn</h4>
          <ul>
            <li>
              <a href="/documentation">Documentation</a>
            </li>
            <li>
              <a href="/documentation/tutorials/overview">Tutorials</a>
            </li>
          </ul>
        </div>
        <div>
          <h4>Community</h4>
          <ul>
            <li>
              <a href={external.community} rel="noopener noreferrer" target="_blank">
                Community
              </a>
            </li>
            <li>
              <a href={external.contact}>Contact</a>
            </li>
            <li>
              <a href={external.social} rel="noopener noreferrer" target="_blank">
                Social
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="bs-footer__bottom">
        <span>© {year} Beamstage. All rights reserved.</span>
        <span>
          <a href="/privacy-policy">Privacy</a> · <a href="/terms-of-service">Terms</a>
        </span>
      </div>
    </footer>
  );
}
