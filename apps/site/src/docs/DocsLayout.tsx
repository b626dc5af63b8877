import { NavBar } from '@beamstage/ui';
import { SITE_LINKS } from '../pages/site-links';
import { DOC_PAGES, findDocPage } from './doc-pages';

function hrefOf(path: string): string {
  return path ? `/documentation/${path}` : '/documentation';
}

/** /documentation and /documentation/{path*}: a sidebar of pages and the chosen page. */
export function DocsLayout({ docPath }: { docPath: string }) {
  const page = findDocPage(docPath);
  const sections = [...new Set(DOC_PAGES.map((p) => p.section))];
  return (
    <div className="page docs">
      <NavBar
        links={SITE_LINKS}
        current="/documentation"
        actions={
          <a className="bs-btn bs-btn--primary" href="/dashboard">
            Open the studio
          </a>
        }
      />
      <div className="docs__body">
        <aside className="docs__sidebar" aria-label="Documentation">
          {sections.map((section) => (
            <div key={section}>
              <h4>{section}</h4>
              <ul>
                {DOC_PAGES.filter((p) => p.section === section).map((p) => (
                  <li key={p.path}>
                    <a href={hrefOf(p.path)} aria-current={page?.path === p.path ? 'page' : undefined}>
                      {p.path ? p.title : 'Overview'}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </aside>
        <article className="prose docs__content">
          {page ? (
            <>
              <p className="prose__meta">{page.section}</p>
              <h1>{page.title}</h1>
              {page.body}
            </>
          ) : (
            <>
              <p className="prose__meta">404</p>
              <h1>Page not found</h1>
              <p>
                There is no documentation page at <code>/documentation/{docPath}</code>. Pick a page from the sidebar, or start with{' '}
                <a href="/documentation/getting-started">Getting started</a>.
              </p>
            </>
          )}
        </article>
      </div>
    </div>
  );
}
