import { Badge, LinkButton, NavBar } from '@beamstage/ui';
import { HeroStage } from './HeroStage';
import { SITE_LINKS } from './site-links';

const FEATURES = [
  {
    icon: '◩',
    title: 'True perspective warping',
    text: 'Corner-pin every layer with a real homography, or bend it over curved surfaces with a mesh. No seams on the diagonal, ever.',
  },
  {
    icon: '◎',
    title: 'Edit together, live',
    text: 'Invite your crew. Everyone sees each other’s cursors and selections, and edits merge even after someone drops offline.',
  },
  {
    icon: '▣',
    title: 'Any browser is a projector',
    text: 'Open the projector link on the venue machine, press F11, and it follows the editor in real time. No drivers, no installs.',
  },
  {
    icon: '◐',
    title: 'Offline-safe playback',
    text: 'Once loaded, the show keeps playing when the venue Wi-Fi dies, never sleeps, and reconnects on its own.',
  },
  {
    icon: '≋',
    title: 'Scenes and a keyframe timeline',
    text: 'Sequence cues with GO, animate position, scale, opacity and warp points, and blend scenes with timed transitions.',
  },
  {
    icon: '{ }',
    title: 'Shaders, p5.js and HTML',
    text: 'Write GLSL or p5.js sketches right in the stage, or let AI draft one. User code runs sandboxed, so a show can’t be hijacked.',
  },
];

const STEPS = [
  { n: '01', title: 'Stack your layers', text: 'Images, video, shaders, web pages, live streams and hand-drawn masks.' },
  { n: '02', title: 'Warp them onto the wall', text: 'Drag four corners or a mesh until the light lands exactly where it should.' },
  { n: '03', title: 'Send it to the projector', text: 'Publish, open /projector on any screen, and run your cues.' },
];

/** The landing page: what Beamstage is and why a mapper would switch. */
export function Landing() {
  return (
    <div className="landing">
      <NavBar
        links={SITE_LINKS}
        current="/"
        actions={
          <>
            <a className="bs-btn bs-btn--ghost" href="/sign-in">
              Sign in
            </a>
            <LinkButton variant="primary" href="/sign-up">
              Start free
            </LinkButton>
          </>
        }
      />
      <section className="hero">
        <div className="hero__glow" />
        <div className="hero__copy">
          <Badge>New · real-time collaboration</Badge>
          <h1>
            Projection mapping,
            <br />
            <span className="gradient-text">right in your browser.</span>
          </h1>
          <p className="hero__lead">
            Beamstage gives you MadMapper- and Resolume-class mapping without the install: warp layers onto any surface, sequence scenes on a timeline, and play
            them on any screen that runs a browser, together with your whole crew.
          </p>
          <div className="hero__ctas">
            <LinkButton variant="primary" size="lg" href="/sign-up">
              Start mapping free
            </LinkButton>
            <LinkButton variant="secondary" size="lg" href="/documentation/getting-started">
              Read the guide
            </LinkButton>
          </div>
          <p className="hero__fine">Free plan · no credit card · runs on your own server too</p>
        </div>
        <HeroStage />
      </section>

      <section className="logos" aria-label="Used for">
        <span>Festival façades</span>
        <span>Theatre sets</span>
        <span>Club visuals</span>
        <span>Museum installations</span>
        <span>Product launches</span>
      </section>

      <section className="section" id="features">
        <h2>Everything a mapping rig needs. Nothing to install.</h2>
        <p className="section__lead">The tools you know from desktop mapping suites, rebuilt for the web and for teams.</p>
        <div className="feature-grid">
          {FEATURES.map((f) => (
            <article className="feature" key={f.title}>
              <span className="feature__icon">{f.icon}</span>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section section--split">
        <div>
          <h2>From laptop to façade in three steps</h2>
          <p className="section__lead">Build the show at home, calibrate on site, and run it from whatever machine the venue has.</p>
        </div>
        <ol className="steps">
          {STEPS.map((s) => (
            <li key={s.n}>
              <span className="steps__n">{s.n}</span>
              <div>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="cta-band">
        <h2>Your next surface is waiting.</h2>
        <p>Open the editor, drop in an image and see it on the wall in under a minute.</p>
        <div className="hero__ctas">
          <LinkButton variant="primary" size="lg" href="/sign-up">
            Create a free account
          </LinkButton>
          <LinkButton variant="ghost" size="lg" href="/pricing">
            See pricing →
          </LinkButton>
        </div>
      </section>
      <p className="landing__legal">
        © {new Date().getFullYear()} Beamstage · <a href="/privacy-policy">Privacy</a> · <a href="/terms-of-service">Terms</a> ·{' '}
        <a href="/documentation">Documentation</a>
      </p>
    </div>
  );
}
