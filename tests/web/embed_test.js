// Embedding (issue #33 part 4): docs/examples/course-page.html and the reveal.js deck
// docs/examples/slides/ served beside the site (scanviz/) as a course would publish them; reveal.js
// from npm (.deps/web, not committed). Checks: each page's iframe shows the figure alone (the
// app's own state: embed, no menu bar, no panels, no status line, the page's top bar hidden, the
// link's view opened, cells drawn the frame's whole width); on the course page on a phone a tap
// on › inside the frame steps; in the deck the arrows move the slides until the figure is
// clicked, then step the figure (the deck stays), and a click beside the figure gives them back.
// Screenshots go to OUT (web-embed-course.png, web-embed-slide.png).
// Usage: node embed_test.js SITE_DIR OUT_DIR
'use strict';
const path = require('path'), fs = require('fs');
const S = require('./page_support');
const { check } = S;

const [SITE, OUT] = process.argv.slice(2);
const ROOT = path.resolve(__dirname, '..', '..');
const REVEAL = path.join(ROOT, '.deps', 'web', 'node_modules', 'reveal.js');

// The examples as a course publishes them: the pages, the site in scanviz/, reveal.js's dist.
function layOut() {
  const root = path.join(OUT, 'embed-root');
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, 'slides', 'reveal.js'), { recursive: true });
  fs.symlinkSync(path.resolve(SITE), path.join(root, 'scanviz'));
  fs.copyFileSync(path.join(ROOT, 'docs', 'examples', 'course-page.html'), path.join(root, 'course-page.html'));
  fs.copyFileSync(path.join(ROOT, 'docs', 'examples', 'slides', 'index.html'), path.join(root, 'slides', 'index.html'));
  fs.symlinkSync(path.join(REVEAL, 'dist'), path.join(root, 'slides', 'reveal.js', 'dist'));
  return root;
}

async function appFrame(page) {
  for (let i = 0; i < 200; i++) {
    const f = page.frames().find((x) => x.url().includes('scanviz/index.html'));
    if (f) return f;
    await S.sleep(50);
  }
  throw new Error('no ScanViz frame on ' + page.url());
}

// The frame shows the figure alone: what the app says and what the page shows.
async function checkFigureAlone(frame, label) {
  const s = await S.waitState(frame, (x) => x.kind && x.widgets['step_bar.next']);
  await S.frames(frame, 5);
  const dump = await S.layout(frame);
  const panels = dump.panels.map((p) => p.name);
  const about = await frame.evaluate(() => getComputedStyle(document.getElementById('about')).display);
  // The figure as drawn: its panel (row tags at its left) out to its cells' right edge.
  const trace = dump.panels.find((p) => p.name === 'trace');
  const x0 = trace ? trace.rect[0] : 0;
  const x1 = Math.max(...dump.cells.map((c) => c.rect[0] + c.rect[2]));
  const center = s.widgets['layout.center'];
  check(`${label}: the frame shows the figure and the step bar alone`,
    s.embed === true && !s.widgets['menu.file'] && !panels.includes('status') &&
    !panels.includes('controls') && !panels.includes('side') && about === 'none' &&
    center[0] === 0 && center[1] === 0 && center[2] === dump.width && dump.cells.length > 0 &&
    !!trace && x1 - x0 >= 0.7 * dump.width,
    `embed ${s.embed}, panels [${panels}], top bar ${about}, ${dump.cells.length} cells over ` +
    `${Math.round(x1 - x0)} of ${dump.width} px, menu ${!!s.widgets['menu.file']}`);
  check(`${label}: the link's view opened (Blelloch)`, s.algorithm === 'blelloch' && !s.message,
    `${s.algorithm}, step ${s.step.step} of ${s.step.of}${s.message ? ', ' + s.message : ''}`);
  return s;
}

// A point of the frame's canvas (app pixels) in the page's CSS pixels, through the iframe's
// place and any scaling of it (reveal.js scales its slides).
async function pagePoint(page, frame, r) {
  const box = await (await frame.frameElement()).boundingBox();
  const inner = await S.cssRect(frame, r);
  const k = box.width / await frame.evaluate(() => window.innerWidth);
  return { x: box.x + (inner.x + inner.w / 2) * k, y: box.y + (inner.y + inner.h / 2) * k };
}

async function testCoursePage(browser, url) {
  const page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await page.goto(url + 'course-page.html');
  const frame = await appFrame(page);
  const s = await checkFigureAlone(frame, 'course page on a phone');
  await frame.evaluate(() => document.getElementById('canvas').scrollIntoView());
  await S.sleep(200);
  const p = await pagePoint(page, frame, s.widgets['step_bar.next']);
  await S.press(page, frame, p.x, p.y);
  const after = await S.waitState(frame, (x) => x.step.step === s.step.step + 1, 5000);
  check('course page: a tap on › inside the frame steps the figure', after.step.step === s.step.step + 1,
    `${s.step.step} -> ${after.step.step} (${after.step.caption})`);
  await page.mouse.move(1, 1);  // no tooltip left over the figure
  await S.frames(frame, 3);
  await page.screenshot({ path: path.join(OUT, 'web-embed-course.png'), fullPage: true });
  await page.browserContext().close();
}

async function testSlides(browser, url) {
  const page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport({ width: 1280, height: 800, deviceScaleFactor: 1 });
  await page.goto(url + 'slides/index.html');
  await page.waitForFunction(() => window.Reveal && Reveal.isReady(), { timeout: 20000 });
  await page.keyboard.press('ArrowRight');  // the deck's own key: to the figure's slide
  const slide = await page.evaluate(() => Reveal.getIndices().h);
  check('slides: the deck\'s arrow keys move the slides', slide === 1, `slide ${slide}`);
  const frame = await appFrame(page);
  const s = await checkFigureAlone(frame, 'slides');
  await S.sleep(800);  // reveal.js's slide transition
  await page.screenshot({ path: path.join(OUT, 'web-embed-slide.png') });
  // A click on the figure gives the frame the keys: → steps the figure, the deck stays.
  const fig = await pagePoint(page, frame, s.widgets['layout.center']);
  await page.mouse.click(fig.x, fig.y);
  await S.frames(frame, 3);
  await page.keyboard.press('ArrowRight');
  const stepped = await S.waitState(frame, (x) => x.step.step === s.step.step + 1, 5000);
  const still = await page.evaluate(() => Reveal.getIndices().h);
  check('slides: once the figure is clicked, → steps it and the deck stays',
    stepped.step.step === s.step.step + 1 && still === 1, `step ${s.step.step} -> ${stepped.step.step}, slide ${still}`);
  // The step bar's › with the mouse.
  const next = await pagePoint(page, frame, stepped.widgets['step_bar.next']);
  await S.press(page, frame, next.x, next.y);
  const clicked = await S.waitState(frame, (x) => x.step.step === stepped.step.step + 1, 5000);
  check('slides: a click on › inside the frame steps', clicked.step.step === stepped.step.step + 1,
    `${stepped.step.step} -> ${clicked.step.step}`);
  // A click beside the figure gives the keys back to the deck.
  await page.mouse.click(40, 40);
  await page.keyboard.press('ArrowRight');
  await S.sleep(300);
  const last = await page.evaluate(() => Reveal.getIndices().h);
  const frameStep = (await S.state(frame)).step.step;
  check('slides: a click beside the figure gives the arrows back to the deck',
    last === 2 && frameStep === clicked.step.step, `slide ${last}, figure step ${frameStep}`);
  await page.browserContext().close();
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  if (!fs.existsSync(path.join(REVEAL, 'dist', 'reveal.js'))) {
    check('reveal.js is installed (.deps/web, scripts/web_test.sh installs it)', false, REVEAL);
    process.exit(1);
  }
  const { server, url } = await S.serve(layOut());
  const browser = await S.launch();
  try {
    await testCoursePage(browser, url);
    await testSlides(browser, url);
  } catch (e) {
    check('the test ran to its end', false, e.stack);
  } finally {
    await S.close(browser);
    server.kill();
  }
  const { passed, failed } = S.tally;
  console.log(`web tests: embedding: ${failed === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed)`);
  process.exit(failed === 0 ? 0 : 1);
})();
