import { expect, test } from './testing/test.ts';
import { startFakeStripe } from '../testing/fake-stripe.ts';
import type { FakeStripe } from '../testing/fake-stripe.ts';
import { useOwnStudio } from './testing/own-studio.ts';
import { settledScreenshot, signUpFresh } from './testing/studio.ts';

// The dashboard opens the billing portal (POST /api/stripe-customer-portal, the
// api's real Stripe client talking to a local fake), and asks for a fresh sign-in first when the
// last one is older than the re-verification window, as deleting a project does.

const PORTAL = /^https:\/\/billing\.stripe\.test\/p\/session\/bps_/;
const portalRequests = (stripe: FakeStripe) => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/billing_portal/sessions');

test.describe('with a studio whose billing talks to a fake Stripe', () => {
  let stripe: FakeStripe | null = null;
  test.beforeAll(async () => void (stripe = await startFakeStripe()));
  const own = useOwnStudio(() => ({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_API_HOST: stripe!.host,
    STRIPE_API_PORT: String(stripe!.port),
    STRIPE_API_PROTOCOL: 'http',
  }));
  test.afterAll(async () => stripe?.close());

  test('the billing portal opens from the dashboard, after a fresh sign-in when the last one is older than the window', async ({ page }) => {
    test.setTimeout(180_000);
    // Stripe's hosted portal is on the internet: the browser is answered a stand-in page there.
    await page.route(PORTAL, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Billing portal</title><h1>Stripe billing portal (stand-in)</h1>' }),
    );
    const email = await signUpFresh(page, 'Paying Mapper');

    // A fresh sign-in: the portal opens at once, for this user's own customer, back to the dashboard.
    await expect(page.getByRole('button', { name: 'Billing portal' })).toBeVisible();
    await settledScreenshot(page, 'files-billing-dashboard');
    await page.getByRole('button', { name: 'Billing portal' }).click();
    await page.waitForURL(PORTAL);
    await expect(page.getByRole('heading', { name: 'Stripe billing portal (stand-in)' })).toBeVisible();
    expect(portalRequests(stripe!)).toHaveLength(1);
    expect(portalRequests(stripe!)[0]?.body.return_url).toBe(`${own.server.url}/dashboard`);
    const customer = portalRequests(stripe!)[0]?.body.customer;
    expect(stripe!.customers.get(customer ?? '')?.email).toBe(email);

    // Later: the browser's clock is past the 60-minute window (moderate). The provider asks for
    // the password again before any portal session is made.
    await page.addInitScript(() => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + (Number(window.localStorage.getItem('e2e:clock-skew-ms')) || 0);
    });
    await page.goto(`${own.server.url}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Your projects' })).toBeVisible();
    await page.evaluate(() => window.localStorage.setItem('e2e:clock-skew-ms', String(61 * 60 * 1000)));
    await page.getByRole('button', { name: 'Billing portal' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(portalRequests(stripe!)).toHaveLength(1);
    await page.evaluate(() => window.localStorage.removeItem('e2e:clock-skew-ms'));
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill('warped-surfaces-7781');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back from the sign-in, the dashboard goes on to the portal it was asked for, once.
    await page.waitForURL(PORTAL, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Stripe billing portal (stand-in)' })).toBeVisible();
    expect(portalRequests(stripe!)).toHaveLength(2);
    expect(portalRequests(stripe!)[1]?.body.customer).toBe(customer);

    // Stripe failing: the person is told, and stays on the dashboard.
    await page.goto(`${own.server.url}/dashboard`);
    stripe!.failNext(4);
    await page.getByRole('button', { name: 'Billing portal' }).click();
    await expect(page.getByText(/^The billing portal could not be opened: /)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Billing portal' })).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});
