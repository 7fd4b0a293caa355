import { chromium } from '@playwright/test';
import { javascriptLoadedInBrowser } from '/work/main/scripts/bench/browser-javascript.ts';
const [base, ...urls] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-background-networking'] });
const ctx = await browser.newContext({ baseURL: base });
if (process.env.SIGNIN) { const r = await ctx.request.post('/sign-in', { form: { 'signin-email': 'demo@showroom.test', 'signin-password': 'DemoPass-2026', redirectTo: '/account' }, maxRedirects: 0 }); console.log('signin', r.status()); }
for (const u of urls) { const tab = await ctx.newPage(); const js = await javascriptLoadedInBrowser(tab, base + u, process.env.CLIENT ?? '/work/main/build/client'); await tab.close();
  console.log(u, (js.gzip/1024).toFixed(1)); if (process.env.V) for (const f of js.files) console.log('   ', (f.gzip/1024).toFixed(1), f.file); }
await browser.close();
