// Opens index.html in headless Chromium (Debian's /usr/bin/chromium, its
// WebGPU on SwiftShader), waits for the page's verdict and prints the page's
// log; exit 0 only on PASS. Serves the directory on 127.0.0.1 (WebGPU needs
// a secure context: localhost is one).
//   node run-headless.mjs [CHROMIUM]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript' };

const server = createServer(async (req, res) => {
  const name = new URL(req.url, 'http://127.0.0.1').pathname.slice(1) ||
    'index.html';
  if (!/^[\w.-]+$/.test(name) || !TYPES[extname(name)]) {
    res.writeHead(404).end();
    return;
  }
  try {
    const body = await readFile(join(here, name));
    res.writeHead(200, { 'content-type': TYPES[extname(name)] }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/index.html`;

const browser = await chromium.launch({
  executablePath: process.argv[2] || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--enable-unsafe-webgpu', '--enable-features=Vulkan',
    '--use-vulkan=swiftshader', '--use-angle=swiftshader',
    '--use-webgpu-adapter=swiftshader'],
});
let code = 1;
try {
  const page = await browser.newPage();
  page.on('console', (m) => console.log(`console: ${m.text()}`));
  await page.goto(url);
  await page.waitForFunction(() => document.title !== 'ferric-web: running',
    null, { timeout: 120000 });
  console.log((await page.textContent('#log')).trimEnd());
  const result = await page.textContent('#result');
  console.log(`ferric-web: ${result}`);
  code = result === 'PASS' ? 0 : 1;
} finally {
  await browser.close();
  server.close();
}
process.exit(code);
