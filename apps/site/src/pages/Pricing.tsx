import { Badge, Button, LinkButton, NavBar } from '@beamstage/ui';
import { useState } from 'react';
import { startCheckout } from '../checkout';
import { cachedAccessToken } from '../session-token';
import { SITE_LINKS } from './site-links';

interface Plan {
  readonly id: string;
  readonly name: string;
  readonly price: string;
  readonly period: string;
  readonly pitch: string;
  readonly features: readonly string[];
  readonly highlight?: boolean;
}

const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    period: 'forever',
    pitch: 'For trying ideas and small rooms.',
    features: ['3 projects', '500 MB of media', 'Corner-pin and mesh warping', 'Projector on any browser', '5 AI generations a day'],
  },
  {
    id: 'pro',
    name: 'Pro',
    price: '$19',
    period: 'per month',
    pitch: 'For working VJs and mapping artists.',
    features: ['Unlimited projects', '20 GB of media', 'Real-time collaboration', 'Offline venue playback', '50 AI generations a day', 'Priority support'],
    highlight: true,
  },
  {
    id: 'studio',
    name: 'Studio',
    price: '$59',
    period: 'per month',
    pitch: 'For studios running several shows.',
    features: ['Everything in Pro', '200 GB of media', 'Team workspaces and roles', 'Multiple projector outputs', '250 AI generations a day'],
  },
];

/** The plans, with checkout through the api. */
export function Pricing() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; needsSignIn: boolean } | null>(null);

  async function choose(plan: Plan) {
    setError(null);
    setBusy(plan.id);
    const result = await startCheckout(plan.id, await cachedAccessToken());
    setBusy(null);
    if (result.ok) window.location.assign(result.url);
    else setError({ message: result.message, needsSignIn: result.needsSignIn });
  }

  return (
    <div className="page">
      <NavBar
        links={SITE_LINKS}
        current="/pricing"
        actions={
          <LinkButton variant="primary" href="/dashboard">
            Open the studio
          </LinkButton>
        }
      />
      <section className="section section--center">
        <Badge>Pricing</Badge>
        <h1>Simple plans for every stage</h1>
        <p className="section__lead">Start free. Upgrade when the show gets bigger. Self-host for free, always.</p>
        {error ? (
          <div className="notice notice--error" role="alert">
            {error.message}
            {error.needsSignIn ? (
              <>
                {' · '}
                <a href="/sign-in?redirect_url=%2Fpricing">Sign in to choose a plan</a>
              </>
            ) : null}
          </div>
        ) : null}
        <div className="plans">
          {PLANS.map((plan) => (
            <article key={plan.id} className={plan.highlight ? 'plan plan--highlight' : 'plan'} data-plan={plan.id}>
              {plan.highlight ? <span className="plan__ribbon">Most popular</span> : null}
              <h3>{plan.name}</h3>
              <p className="plan__pitch">{plan.pitch}</p>
              <p className="plan__price">
                <strong>{plan.price}</strong> <span>{plan.period}</span>
              </p>
              <ul>
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              {plan.id === 'free' ? (
                <LinkButton variant="secondary" href="/sign-up">
                  Start free
                </LinkButton>
              ) : (
                <Button variant={plan.highlight ? 'primary' : 'secondary'} disabled={busy !== null} onClick={() => void choose(plan)}>
                  {busy === plan.id ? 'Redirecting…' : `Choose ${plan.name}`}
                </Button>
              )}
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
