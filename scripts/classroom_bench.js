// The classroom's delay (issue #34; docs/classroom.md "Measured"): the classroom test's set-up
// (tests/web/classroom_support.js: `scanviz-cli serve` on a free port, the teacher's page, three
// students' pages, one of them a phone, and 30 plain SSE subscribers), the teacher's 50 steps by
// key presses, and for each step and each follower the time from the key press to the follower
// showing it: a page, the end of the first animation frame that drew the view; a subscriber, the
// moment the event came. Prints the median and the 99th
// percentile, over all and per kind of follower (the goal: median < 250 ms, p99 < 1 s). A
// benchmark, not a test: it asserts nothing. Needs the site (scripts/web.sh) and build/
// (scanviz-cli).
// Usage: NODE_PATH=.deps/web/node_modules node scripts/classroom_bench.js [SITE] [SCANVIZ_CLI]
'use strict';
const path = require('path');
const root = path.join(__dirname, '..');
const P = require(path.join(root, 'tests/web/page_support.js'));
const C = require(path.join(root, 'tests/web/classroom_support.js'));

const SITE = process.argv[2] || path.join(root, 'build-web/site');
const CLI = process.argv[3] || path.join(root, 'build/app/cli/scanviz-cli');
const SUBSCRIBERS = 30;

// Each animation frame, a page notes a teacher's view applied since the last: the app applies it
// between two frames (platform_web_class.cpp) and its own animation frame callback, which draws
// it, runs before this one (registered first), so the moment noted is the end of the first frame
// that drew it.
async function record(page) {
  await page.evaluate(() => {
    window.benchSeen = [];
    let last = 0;
    const tick = () => {
      const r = JSON.parse(Module.ccall('scanviz_web_followed', 'string', [], []));
      if (r.n !== last) {
        last = r.n;
        window.benchSeen.push({ fragment: r.fragment, at: Date.now() });
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

function quantile(sorted, q) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
function summary(name, xs) {
  const s = [...xs].sort((a, b) => a - b);
  return `${name.padEnd(12)} n=${String(s.length).padStart(5)}  median ${quantile(s, 0.5)} ms  ` +
    `p99 ${quantile(s, 0.99)} ms  max ${s[s.length - 1]} ms`;
}

(async () => {
  const server = await C.serve(CLI, SITE);
  const browser = await P.launch();
  const subs = [];
  const delays = { page: [], phone: [], subscriber: [] };
  let missed = 0;
  try {
    const teacher = await C.openPage(browser, server.teacher);
    const students = [];
    for (const [kind, dev] of [['page', C.DESKTOP], ['page', C.DESKTOP], ['phone', C.PHONE]]) {
      const page = await C.openPage(browser, server.students, dev);
      await record(page);
      students.push({ kind, page });
    }
    for (let i = 0; i < SUBSCRIBERS; i++) subs.push(C.subscribe(server.port));
    await P.sleep(1000);
    for (const key of C.STEPS) {
      const step = await C.teacherKey(teacher, key);
      if (step.after === step.before) continue;  // a key that changed nothing publishes nothing
      const t0 = Date.now();
      const pending = new Set([...students.keys()].map((i) => `p${i}`).concat(subs.map((_, i) => `s${i}`)));
      while (pending.size && Date.now() - t0 < 5000) {
        for (const [i, s] of students.entries()) {
          if (!pending.has(`p${i}`)) continue;
          const seen = await s.page.evaluate(() => window.benchSeen);
          const hit = seen.find((e) => e.at >= step.at && e.fragment === step.after);
          if (hit) { delays[s.kind].push(hit.at - step.at); pending.delete(`p${i}`); }
        }
        for (const [i, c] of subs.entries()) {
          if (!pending.has(`s${i}`)) continue;
          const hit = c.got.find((e) => e.at >= step.at && e.link === step.after);
          if (hit) { delays.subscriber.push(hit.at - step.at); pending.delete(`s${i}`); }
        }
        await P.sleep(20);
      }
      missed += pending.size;
      await P.sleep(200);  // a teacher's pace, and the pages settle
    }
  } finally {
    subs.forEach((c) => c.close());
    await P.close(browser);
    await C.stop(server);
  }
  const all = [].concat(delays.page, delays.phone, delays.subscriber);
  console.log(`classroom delay, key press on the teacher's page to the follower showing it ` +
    `(${C.STEPS.length} steps, 3 pages + ${SUBSCRIBERS} subscribers):`);
  console.log(summary('all', all));
  console.log(summary('pages', delays.page));
  console.log(summary('phone', delays.phone));
  console.log(summary('subscribers', delays.subscriber));
  console.log(`not shown within 5 s: ${missed}`);
})();
