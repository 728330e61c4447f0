// The web page's budgets (issue #23, part 6), measured in headless Chromium with software WebGL
// (SwiftShader) on this machine: load to first frame, and the frame time at n = 1024 (Hillis-
// Steele, every round shown, the desktop's --bench-frames scene), each frame read back to its last
// pixel; and a bare WebGL page's frame interval, the browser's floor.
// Prints JSON. Usage: node budgets.js SITE_DIR WIDTHxHEIGHT. SCANVIZ_CHROMIUM_FLAGS adds flags
// to Chromium's; SCANVIZ_HEADED=1 opens a window on $DISPLAY instead of headless mode.
'use strict';
const puppeteer = require('puppeteer-core');
const { spawn } = require('child_process');
const fs = require('fs'), os = require('os'), path = require('path'), zlib = require('zlib');

const [SITE, SIZE] = process.argv.slice(2);
const [W, H] = SIZE.split('x').map(Number);
// SCANVIZ_HEADED=1: a window on $DISPLAY (Xvfb) instead of headless mode.
const FLAGS = [...(process.env.SCANVIZ_HEADED === '1' ? [] : ['--headless']), '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  ...(process.env.SCANVIZ_CHROMIUM_FLAGS || '').split(' ').filter(Boolean)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const state = (page) => page.evaluate(() => JSON.parse(Module.ccall('scanviz_web_state', 'string', [], [])));

(async () => {
  const port = 8000 + Math.floor(Math.random() * 900);
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1',
    '--directory', SITE], { stdio: 'ignore' });
  await sleep(1000);
  const url = `http://127.0.0.1:${port}/`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanviz-budget-'));
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true,
    ignoreDefaultArgs: true, args: [...FLAGS, `--user-data-dir=${dir}`, 'about:blank'] });
  const out = {};
  const loads = [];
  let link = '';
  for (let i = 0; i < 5; i++) {  // cold cache each time: a fresh context
    const ctx = await browser.createBrowserContext();
    const page = await ctx.newPage();
    await page.setViewport({ width: W, height: H + 45, deviceScaleFactor: 1 });
    await page.goto(url);
    await page.waitForFunction(() => Module.firstFrameMs != null, { timeout: 30000, polling: 10 });
    loads.push(await page.evaluate(() => Module.firstFrameMs));
    if (i === 0) {  // a link of this page's session, with 1024 values, every round shown
      await page.evaluate(() => Module.ccall('scanviz_web_state', 'string', [], []));
      const s = await state(page);
      const r = s.widgets['menu.file'];
      const top = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().top);
      await page.mouse.click(r[0] + r[2] / 2, top + r[1] + r[3] / 2);
      await sleep(300);
      const c = (await state(page)).widgets['menu.copy_link'];
      await page.mouse.click(c[0] + c[2] / 2, top + c[1] + c[3] / 2);
      await page.waitForFunction(() => Module.scanvizLink, { timeout: 5000 });
      const frag = (await page.evaluate(() => Module.scanvizLink)).split('#s=')[1].split('&')[0];
      const session = JSON.parse(zlib.inflateRawSync(Buffer.from(frag, 'base64url')).toString());
      let x = 12345;
      session.input = Array.from({ length: 1024 }, () => { x = (x * 1103515245 + 12345) % 2147483648; return x % 10; }).join(',');
      session.algorithm = 'hillis-steele';
      session.round = -1;
      link = '#s=' + zlib.deflateRawSync(JSON.stringify(session)).toString('base64url');
    }
    await ctx.close();
  }
  out.load_to_first_frame_ms = { median: median(loads), runs: loads.map((v) => Math.round(v)) };
  // The app's own work per frame (the callback, read back to its last pixel; cpu: the same without
  // the read-back, the wasm and its WebGL calls alone), and the time from one frame
  // to the next (what a student sees: the browser's compositor and GPU process included); on the
  // chapters' example (8 values) too, to tell the page's own cost from the scene's.
  async function measure(hash) {
    const ctx = await browser.createBrowserContext();
    const page = await ctx.newPage();
    await page.setViewport({ width: W, height: H + 45, deviceScaleFactor: 1 });
    await page.goto(url + hash);
    await page.waitForFunction(() => Module.firstFrameMs != null, { timeout: 30000 });
    await sleep(1500);
    const s = await state(page);
    await page.evaluate(() => { Module.scanvizBench = true; Module.frameMs = []; Module.frameAt = []; });
    await sleep(5000);
    const ms = await page.evaluate(() => Module.frameMs.slice(5));
    const cpu = await page.evaluate(() => (Module.frameCpuMs || []).slice(5));
    const at = await page.evaluate(() => Module.frameAt.slice(5));
    const gaps = at.slice(1).map((t, i) => t - at[i]);
    await ctx.close();
    return { n: s.values.length, algorithm: s.algorithm, step: s.step.caption, message: s.message,
      callback_median_ms: median(ms), cpu_median_ms: median(cpu), interval_median_ms: median(gaps), frames: ms.length };
  }
  // The browser's own floor: a page that only clears a WebGL 2 canvas of the same size each
  // animation frame and reads a pixel back (the desktop's "bare window"), timed the same way.
  async function measureBare() {
    const ctx = await browser.createBrowserContext();
    const page = await ctx.newPage();
    await page.setViewport({ width: W, height: H + 45, deviceScaleFactor: 1 });
    await page.setContent(`<canvas id="c" width="${W}" height="${H}"></canvas><script>
      const gl = document.getElementById('c').getContext('webgl2', { alpha: false, depth: false,
        stencil: false }); window.at = []; window.ms = []; const px = new Uint8Array(4);
      (function f(t) { const t0 = performance.now(); gl.clearColor(0.1, 0.1, 0.12, 1);
        gl.clear(gl.COLOR_BUFFER_BIT); gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
        window.ms.push(performance.now() - t0);
        window.at.push(performance.now()); requestAnimationFrame(f); })();</script>`);
    await sleep(6500);
    const at = (await page.evaluate(() => window.at)).slice(-150);
    const ms = (await page.evaluate(() => window.ms)).slice(-150);
    await ctx.close();
    return { callback_median_ms: median(ms), interval_median_ms: median(at.slice(1).map((t, i) => t - at[i])),
      frames: at.length };
  }
  out.frame_n1024 = await measure(link);
  out.frame_example = await measure('');
  out.frame_bare_webgl_page = await measureBare();
  await browser.close();
  server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify(out, null, 1));
})();
