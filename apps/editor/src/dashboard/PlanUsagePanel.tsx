import type { PlanUsage } from './plan-usage';
import { formatBytes, usagePercent } from './plan-usage';

/** The browser's own storage as navigator.storage reports it (design.md section 2). */
export interface BrowserStorage {
  usage: number;
  quota: number;
  persisted: boolean;
}

/** The plan's name and limits with the user's use: projects, storage, and the browser's offline storage. */
export function PlanUsagePanel({ usage, browser, error }: { usage: PlanUsage | null; browser: BrowserStorage | null; error?: string | null }) {
  const storagePercent = usage ? usagePercent(usage.usedBytes, usage.limitBytes) : 0;
  return (
    <section className="plan-usage" aria-label="Plan and usage" data-testid="plan-usage">
      <div className="plan-usage__head">
        <h2>{usage ? `${usage.planName} plan` : 'Your plan'}</h2>
        <a className="bs-btn bs-btn--secondary bs-btn--sm" href="/pricing">
          Change plan
        </a>
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
          {usage.aiDailyLimit !== null ? (
            <div>
              <dt>AI generations a day</dt>
              <dd>{usage.aiDailyLimit}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {browser ? (
        <p className="plan-usage__browser" data-testid="browser-storage">
          This browser keeps {formatBytes(browser.usage)} of offline copies (room for {formatBytes(browser.quota)}).{' '}
          {browser.persisted ? 'Stored persistently.' : 'The browser may clear offline copies when it runs short of space; your server copies stay safe.'}
        </p>
      ) : null}
    </section>
  );
}
