// The embedded provider's sign-in and sign-up pages: plain server-rendered HTML with the studio's
// look (dark, neon accent), no scripts, so they work before any SPA is built.

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#e8eaf6;background:radial-gradient(1200px 600px at 20% -10%,#3b2a8a55,transparent),radial-gradient(900px 500px at 110% 110%,#0ea5e955,transparent),#0b0d17}
.card{width:min(420px,92vw);padding:40px 36px 32px;border-radius:18px;background:#141827ee;border:1px solid #2a3050;box-shadow:0 24px 60px #0008}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:26px;font-weight:700;font-size:20px;letter-spacing:.3px}
.logo{width:34px;height:34px;border-radius:9px;background:conic-gradient(from 200deg,#7c5cff,#22d3ee,#f472b6,#7c5cff);box-shadow:0 0 24px #7c5cff88}
h1{font-size:24px;margin:0 0 6px}
p.sub{margin:0 0 24px;color:#9aa3c7;font-size:14px}
label{display:block;font-size:13px;color:#b8c0e6;margin:14px 0 6px}
input{width:100%;padding:12px 14px;border-radius:10px;border:1px solid #2e3558;background:#0e1120;color:#fff;font-size:15px;outline:none}
input:focus{border-color:#7c5cff;box-shadow:0 0 0 3px #7c5cff40}
button{width:100%;margin-top:22px;padding:13px;border:0;border-radius:10px;font-size:15px;font-weight:600;color:#fff;cursor:pointer;background:linear-gradient(90deg,#7c5cff,#22a6ee)}
button:hover{filter:brightness(1.1)}
.error{margin:0 0 12px;padding:10px 12px;border-radius:10px;background:#ff4d6a1f;border:1px solid #ff4d6a66;color:#ffb3c0;font-size:14px}
.alt{margin-top:20px;text-align:center;font-size:14px;color:#9aa3c7}
a{color:#8fb4ff;text-decoration:none}a:hover{text-decoration:underline}
.demo{margin-top:18px;font-size:12px;color:#6f78a0;text-align:center}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Beamstage</title><style>${STYLE}</style></head>
<body><main class="card"><div class="brand"><span class="logo" aria-hidden="true"></span>Beamstage</div>${body}</main></body></html>`;
}

export interface FormState {
  uid: string;
  error?: string;
  email?: string;
  name?: string;
  demoEmail?: string;
}

/** The sign-in form (fields email and password; button "Sign in"). */
export function signInPage(s: FormState): string {
  return page(
    'Sign in',
    `<h1>Welcome back</h1><p class="sub">Sign in to your projection-mapping studio.</p>
${s.error ? `<div class="error" role="alert">${esc(s.error)}</div>` : ''}
<form method="post" action="/idp/interaction/${esc(s.uid)}/login" autocomplete="on">
<label for="email">E-mail</label><input id="email" name="email" type="email" required autofocus autocomplete="username" value="${esc(s.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button></form>
<div class="alt">New to Beamstage? <a href="/idp/interaction/${esc(s.uid)}?screen=signup">Create an account</a></div>
${s.demoEmail ? `<div class="demo">Demo account: ${esc(s.demoEmail)} (password printed by the server at start)</div>` : ''}`,
  );
}

/** The sign-up form (fields name, email, password; button "Create account"). */
export function signUpPage(s: FormState): string {
  return page(
    'Create account',
    `<h1>Create your account</h1><p class="sub">Start mapping light onto anything.</p>
${s.error ? `<div class="error" role="alert">${esc(s.error)}</div>` : ''}
<form method="post" action="/idp/interaction/${esc(s.uid)}/signup" autocomplete="on">
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name" value="${esc(s.name ?? '')}">
<label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="email" value="${esc(s.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" required minlength="8" autocomplete="new-password">
<button type="submit">Create account</button></form>
<div class="alt">Already have an account? <a href="/idp/interaction/${esc(s.uid)}?screen=signin">Sign in instead</a></div>`,
  );
}

/** A styled message page (expired sign-in, provider errors). */
export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return page(
    title,
    `<h1>${esc(title)}</h1><p class="sub">${esc(message)}</p>${link ? `<div class="alt"><a href="${esc(link.href)}">${esc(link.text)}</a></div>` : ''}`,
  );
}

/** The sign-out page's only script (the /idp CSP allows it by its hash). */
export const SIGN_OUT_SCRIPT =
  "(function(){var f=document.getElementById('op.logoutForm');if(!f)return;var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();";

/** The sign-out confirmation: the provider's form plus our button; submits itself. */
export function signOutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Signing you out…</h1><p class="sub">You are leaving Beamstage.</p>${form}<button type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<script>${SIGN_OUT_SCRIPT}</script>`,
  );
}
