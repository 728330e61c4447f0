// The classroom end to end (issue #34, docs/classroom.md): `scanviz-cli serve` on a free port,
// the teacher's page (#class&key=KEY), three students' pages (#class; one a phone, 390x844 with
// touch) and 30 plain SSE subscribers. The teacher takes 50 steps across four kinds by key
// presses; after each, every page shows the teacher's view (kind, step, algorithm, values) and
// every subscriber's last view is the teacher's fragment. A student who steps on their own is
// paused and not moved by the teacher's next steps; one click on Rejoin brings the teacher's view
// back and following resumes. A publish without the key (or with a wrong one) gets 403. The
// server killed and restarted on the same port (the teacher stepping meanwhile): every follower
// is on the teacher's view within 5 s. Then the desktop teacher, `scanviz --teach URL` under Xvfb
// with xdotool's key presses: the students' pages follow it. Correctness only: the delays are
// scripts/classroom_bench.js's. Screenshots go to OUT.
// Usage: node classroom_test.js SITE_DIR NATIVE_SCANVIZ SCANVIZ_CLI OUT_DIR
'use strict';
const fs = require('fs'), path = require('path');
const { spawn, execFileSync } = require('child_process');
const P = require('./page_support.js');
const C = require('./classroom_support.js');
const { check, tally, launch, close, sleep, state, qrTexts } = P;
const { view, share, cls, teacherKey } = C;

const [SITE, NATIVE, CLI, OUT] = process.argv.slice(2);

// Join by QR code: J on the teacher's page shows the students' address, not the teacher's own
// link (which holds the key); J again closes it.
async function teacherQr(teacher, server) {
  await teacher.keyboard.press('j');
  await sleep(500);
  const png = path.join(OUT, 'classroom-teacher-qr.png');
  await teacher.screenshot({ path: png });
  const texts = qrTexts(png);
  await teacher.keyboard.press('j');
  if (texts === null) { console.log('SKIPPED: the teacher\'s QR code (no zbarimg)'); return; }
  check('the teacher\'s page: J shows a QR code of the students\' address (zbarimg)',
    texts.length === 1 && texts[0] === server.students, `${JSON.stringify(texts)} vs ${server.students}`);
}
const SUBSCRIBERS = 30;

// Until every follower shows what the teacher shows (or `ms` passed): the ones that do not.
async function allFollow(teacher, students, subs, ms = 10000) {
  const t0 = Date.now();
  let behind = [];
  while (Date.now() - t0 < ms) {
    const want = view(await state(teacher));
    const link = await share(teacher);
    behind = [];
    for (const [i, s] of students.entries()) {
      const got = view(await state(s.page));
      if (got !== want) behind.push(`${s.name}: ${got} vs ${want}`);
    }
    if (behind.length && Date.now() - t0 >= ms - 100)
      for (const s of students) behind.push(`${s.name}: ${JSON.stringify(await cls(s.page))}`);
    const late = subs.filter((c) => !c.last || c.last.link !== link).length;
    if (late) behind.push(`${late} of ${subs.length} subscribers not on the teacher's link`);
    if (!behind.length) return [];
    await sleep(50);
  }
  return behind;
}

async function publishStatus(port, key, body) {
  const headers = { 'Content-Type': 'text/plain' };
  if (key !== null) headers['X-ScanViz-Key'] = key;
  const r = await fetch(`http://127.0.0.1:${port}/class/publish`, { method: 'POST', headers, body });
  return r.status;
}

async function steps(teacher, students, subs) {
  let failed = 0, changed = 0;
  const unchanged = [];
  const kinds = new Set();
  for (const [i, key] of C.STEPS.entries()) {
    const step = await teacherKey(teacher, key);
    if (step.after !== step.before) changed++;
    else unchanged.push(`${i + 1}:${key}`);
    const s = await state(teacher);
    kinds.add(`${s.kind}/${s.algorithm}`);
    const behind = await allFollow(teacher, students, subs);
    // docs/classroom-phone.png: the phone following Blelloch's block scan mid-way.
    if (i === 11) await students[2].page.screenshot({ path: path.join(OUT, 'classroom-phone.png') });
    if (behind.length) {
      failed++;
      if (failed <= 3) check(`step ${i + 1} (${key}): every follower shows the teacher's view`, false,
        behind.join('; ').slice(0, 400));
    }
  }
  check(`${C.STEPS.length} teacher steps: every page and subscriber followed each one`, failed === 0,
    `${failed} steps left a follower behind; ${changed} steps changed the view`);
  check('each step changed the teacher\'s view, across four kinds or more',
    changed === C.STEPS.length && kinds.size >= 4,
    `${changed} changes (not: ${unchanged.join(' ')}); ${[...kinds].join(', ')}`);
}

// A student's own step, as a person's key press: the next round, or the one before at the last.
async function ownStep(page) {
  const s = await state(page);
  await page.keyboard.press(s.step.step + 1 < s.step.of ? 'ArrowRight' : 'ArrowLeft');
}

async function detachAndRejoin(teacher, students, subs) {
  const s2 = students[1];
  const before = await state(s2.page);
  await ownStep(s2.page);
  await P.waitState(s2.page, (s) => view(s) !== view(before), 5000);
  const t0 = Date.now();
  while (Date.now() - t0 < 20000 && (await cls(s2.page)).following) await sleep(50);
  const c = await cls(s2.page);
  check('a student who steps on their own is paused, with Rejoin', !c.following && c.rejoin &&
    c.text.startsWith('Following paused'), JSON.stringify(c));
  const own = view(await state(s2.page));
  for (const key of ['ArrowRight', 'End', 'Home']) await teacherKey(teacher, key);
  const others = [students[0], students[2]];
  const behind = await allFollow(teacher, others, subs);
  check('the others follow the teacher while one is paused', !behind.length, behind.join('; '));
  await sleep(500);
  check('the paused student is not moved by the teacher', view(await state(s2.page)) === own,
    `${view(await state(s2.page))} vs ${own}`);
  await s2.page.click('#rejoin');
  const back = await allFollow(teacher, [s2], [], 5000);
  const after = await cls(s2.page);
  check('one click on Rejoin: the teacher\'s view, following again', !back.length &&
    after.following && after.text.startsWith('Following the teacher'),
    back.join('; ') + JSON.stringify(after));
  await teacherKey(teacher, 'ArrowRight');
  const again = await allFollow(teacher, students, subs);
  check('after Rejoin the student follows the next step', !again.length, again.join('; '));
}

// Rejoin by keyboard: a student paused by their own step presses R (F1's list, the button's
// tooltip) and is back on the teacher's view, following.
async function rejoinByKey(teacher, students) {
  const s1 = students[0];
  const before = await state(s1.page);
  await ownStep(s1.page);
  await P.waitState(s1.page, (s) => view(s) !== view(before), 5000);
  const t0 = Date.now();
  while (Date.now() - t0 < 20000 && (await cls(s1.page)).following) await sleep(50);
  const paused = !(await cls(s1.page)).following;
  await s1.page.keyboard.press('r');
  const back = await allFollow(teacher, [s1], [], 5000);
  const after = await cls(s1.page);
  check('a paused student presses R: the teacher\'s view, following again',
    paused && !back.length && after.following, `paused ${paused}; ${back.join('; ')} ${JSON.stringify(after)}`);
}

// The phone: its own step, a tap on the step bar's › (or ‹ at the last step), pauses it (the
// screenshot); one tap on Rejoin brings the teacher's view back.
async function phonePauseAndTap(teacher, phone, subs) {
  const s = await state(phone.page);
  const name = s.step.step + 1 < s.step.of ? 'step_bar.next' : 'step_bar.back';
  const r = s.widgets[name] && await P.cssRect(phone.page, s.widgets[name]);
  check(`the phone has the step bar's ${name}`, !!r);
  if (r) await P.tap(phone.page, r.x + r.w / 2, r.y + r.h / 2);
  await P.waitState(phone.page, (x) => view(x) !== view(s), 5000);
  const t0 = Date.now();
  while (Date.now() - t0 < 20000 && (await cls(phone.page)).following) await sleep(50);
  check('a tap of the phone\'s own pauses it', !(await cls(phone.page)).following);
  await sleep(300);
  await phone.page.screenshot({ path: path.join(OUT, 'classroom-phone-paused.png') });
  const box = await (await phone.page.$('#rejoin')).boundingBox();
  check('the phone\'s Rejoin is a finger\'s size (44 CSS px high or more)', box && box.height >= 44,
    JSON.stringify(box));
  await P.tap(phone.page, box.x + box.width / 2, box.y + box.height / 2);
  const back = await allFollow(teacher, [phone], subs, 5000);
  check('one tap on the phone\'s Rejoin: the teacher\'s view, following again',
    !back.length && (await cls(phone.page)).following, back.join('; '));
}

// A view that does not open (well-formed for the server, not a session): the students say so in
// one line and keep following; the teacher's next step is followed as before.
async function badLink(server, teacher, students, subs) {
  check('a publish with the key gets 204', await publishStatus(server.port, server.key, 's=AAAA') === 204);
  const t0 = Date.now();
  let c = null;
  while (Date.now() - t0 < 20000) {
    c = await cls(students[0].page);
    if (c.error) break;
    await sleep(50);
  }
  check('a view that does not open: one line, still following', c.following &&
    c.text.includes('the teacher\'s view does not open') && !c.text.includes('\n'), c.text);
  await teacherKey(teacher, (await state(teacher)).step.step > 0 ? 'ArrowLeft' : 'ArrowRight');
  const behind = await allFollow(teacher, students, subs);
  const after = await cls(students[0].page);
  check('the next view is followed and the line is gone', !behind.length && !after.error,
    behind.join('; ') + after.text);
}

async function restart(server, cli, site, teacher, students, subs) {
  await C.stop(server);
  await teacherKey(teacher, 'ArrowLeft');  // a step while the server is down
  await sleep(1500);
  const c = await cls(students[0].page);
  check('a student says "reconnecting…" while the server is down', c.text.includes('reconnecting'),
    c.text);
  const again = await C.serve(cli, site, server.port, server.key);
  // A deadline for a follower that never comes back, not a measure: a loaded machine is slow.
  const t0 = Date.now();
  const behind = await allFollow(teacher, students, subs, 30000);
  check('the server restarted on its port: every follower back on the current view',
    !behind.length, `${behind.join('; ')} (after ${Date.now() - t0} ms)`);
  return again;
}

// `scanviz --teach` on an X server of its own, stepped with xdotool: the students follow it.
async function desktopTeacher(server, students, subs, teacherPage) {
  await teacherPage.close();  // one teacher at a time
  try {
    execFileSync('xdotool', ['--version'], { stdio: 'ignore' });
  } catch (e) {
    console.log('SKIPPED the desktop teacher: no xdotool (scripts/setup.sh installs it)');
    return;
  }
  const dir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'scanviz-teach-'));
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x800x24', '-nolisten', 'tcp',
    '-noreset'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const display = await new Promise((resolve) => {
    let t = '';
    xvfb.stdout.on('data', (d) => { t += d; if (t.includes('\n')) resolve(`:${t.trim()}`); });
  });
  const env = { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: dir };
  const statePath = path.join(dir, 'state.json');
  const app = spawn(NATIVE, ['--backend', 'cpu', '--size', '1280x800', '--state-file', statePath,
    '--teach', server.teacher], { env, stdio: 'ignore' });
  const desk = () => { try { return JSON.parse(fs.readFileSync(statePath, 'utf8')); } catch (e) { return null; } };
  try {
    for (let i = 0; i < 300 && !desk(); i++) await sleep(100);
    execFileSync('xdotool', ['mousemove', '640', '700'], { env });
    let failed = [];
    for (const key of ['Home', 'Right', 'Right', 'Tab', 'End']) {
      execFileSync('xdotool', ['key', key], { env });
      await sleep(300);
      const t0 = Date.now();
      let behind = [];
      while (Date.now() - t0 < 10000) {
        const want = view(desk());
        behind = [];
        for (const s of students) {
          const got = view(await state(s.page));
          if (got !== want) behind.push(`${s.name} after ${key}: ${got} vs ${want}`);
        }
        if (!behind.length) break;
        await sleep(100);
      }
      failed = failed.concat(behind);
    }
    check('the desktop teacher (scanviz --teach, keys by xdotool): the students follow it',
      !failed.length, failed.join('; ').slice(0, 400));
    const link = await (await fetch(`http://127.0.0.1:${server.port}/class/state`)).json();
    const last = subs.filter((c) => c.last && c.last.link === link.link).length;
    check('the subscribers have the desktop teacher\'s view', last === subs.length,
      `${last} of ${subs.length}`);
    // J on the desktop teacher: the students' address as a QR code, read from the screen.
    execFileSync('xdotool', ['key', 'j'], { env });
    await sleep(1500);
    const png = path.join(OUT, 'classroom-desktop-qr.png');
    execFileSync('import', ['-window', 'root', png], { env });
    const texts = qrTexts(png);
    if (texts !== null)
      check('the desktop teacher: J shows a QR code of the students\' address (zbarimg)',
        texts.length === 1 && texts[0] === server.students,
        `${JSON.stringify(texts)} vs ${server.students}`);
  } finally {
    app.kill();
    xvfb.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  let server = await C.serve(CLI, SITE);
  const browser = await launch();
  const subs = [];
  try {
    const teacher = await C.openPage(browser, server.teacher);
    const students = [];
    for (const [name, dev] of [['student 1', C.DESKTOP], ['student 2', C.DESKTOP], ['phone', C.PHONE]])
      students.push({ name, page: await C.openPage(browser, server.students, dev) });
    for (let i = 0; i < SUBSCRIBERS; i++) subs.push(C.subscribe(server.port));
    const tc = await cls(teacher);
    check('the teacher\'s page says it teaches', tc.text.startsWith('Teaching'), tc.text);
    const sc = await cls(students[2].page);
    check('a student\'s page says "Following the teacher"', sc.text.startsWith('Following the teacher'),
      sc.text);

    await steps(teacher, students, subs);
    await detachAndRejoin(teacher, students, subs);
    await rejoinByKey(teacher, students);
    await phonePauseAndTap(teacher, students[2], subs);

    const seq = (await (await fetch(`http://127.0.0.1:${server.port}/class/state`)).json()).seq;
    const body = await share(teacher);
    check('a publish without the key gets 403', await publishStatus(server.port, null, body + 'x') === 403);
    check('a publish with a wrong key gets 403',
      await publishStatus(server.port, server.key + '0', body + 'x') === 403);
    const seq2 = (await (await fetch(`http://127.0.0.1:${server.port}/class/state`)).json()).seq;
    check('the refused publishes changed nothing', seq2 === seq, `${seq} then ${seq2}`);

    await teacherQr(teacher, server);
    await badLink(server, teacher, students, subs);
    server = await restart(server, CLI, SITE, teacher, students, subs);
    await desktopTeacher(server, students, subs, teacher);
    for (const s of students)
      check(`${s.name}: no page errors`, !s.page.errors.length, s.page.errors.join('; '));
  } catch (e) {
    check('the classroom test ran to its end', false, e.stack);
  } finally {
    subs.forEach((c) => c.close());
    await close(browser);
    await C.stop(server);
  }
  // The "web tests:" prefix: scripts/test.sh's web stage records this line beside the others.
  console.log(`web tests: classroom ${tally.failed === 0 ? 'ok' : 'FAILED'} (${tally.passed} passed, ` +
    `${tally.failed} failed)`);
  process.exit(tally.failed ? 1 : 0);
})();
