import type { BrowserStorage } from '../files/browser-storage';
import { BrowserStorageNote } from '../files/BrowserStorageNote';
import { aiUsageLine } from './ai-usage';
import type { PlanUsage } from './plan-usage';
import { formatBytes, usagePercent } from './plan-usage';

/** The plan's name and limits with the user's use: projects, storage, and the browser's offline storage. */
export function PlanUsagePanel({
  usage,
  browser,
  error,
  onBillingPortal,
  openingPortal = false,
}: {
  usage: PlanUsage | null;
  browser: BrowserStorage | null;
  error?: string | null;
  /** Opens the billing portal (after a fresh sign-in when the last one is too old); no button without it. */
  onBillingPortal?: () => void;
  openingPortal?: boolean;
}) {
  const storagePercent = usage ? usagePercent(usage.usedBytes, usage.limitBytes) : 0;
  const ai = usage ? aiUsageLine(usage.aiUsedToday, usage.aiDailyLimit) : null;
  return (
    <section className="plan-usage" aria-label="Plan and usage" data-testid="plan-usage">
      <div className="plan-usage__head">
        <h2>{usage ? `${usage.planName} plan` : 'Your plan'}</h2>
        <div className="plan-usage__links">
          <a className="bs-btn bs-btn--secondary bs-btn--sm" href="/pricing">
            Change plan
          </a>
          {onBillingPortal ? (
            <button type="button" className="bs-btn bs-btn--secondary bs-btn--sm" onClick={onBillingPortal} disabled={openingPortal}>
              {openingPortal ? 'Opening billing…' : 'Billing portal'}
            </button>
          ) : null}
        </div>
      </div>
      {error ? <p className="plan-usage__error">{error}</p> : null}
      {usage ? (
        <dl className="plan-usage__list">
          <div>
            <dt>Projects</dt>
            <dd data-testid="plan-projects">
              {usage.projectCount}
              {usage.projectLimit !== null ? ` of ${usage.projectLimit}` : ''}
            </dd>
          </div>
          <div>
            <dt>Storage</dt>
            <dd>
              <span data-testid="plan-storage">
                {formatBytes(usage.usedBytes)} of {formatBytes(usage.limitBytes)}
              </span>
              <span className="meter" role="meter" aria-label="Storage used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={storagePercent}>
                <span className={storagePercent >= 90 ? 'meter__fill meter__fill--warn' : 'meter__fill'} style={{ width: `${storagePercent}%` }} />
              </span>
            </dd>
          </div>
          {ai ? (
            <div>
              <dt>{ai.term}</dt>
              <dd data-testid="plan-ai" aria-label={`${ai.term}: ${ai.value}`}>
                {ai.value}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="plan-usage__browser">
        <BrowserStorageNote storage={browser} />
      </div>
    </section>
  );
}
