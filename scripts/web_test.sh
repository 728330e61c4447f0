#!/usr/bin/env bash
# The web page's browser tests (tests/web/web_test.js): builds the site (scripts/web.sh), then
# drives it in headless Chromium with puppeteer-core (npm, into the ignored .deps/web) against
# the desktop app's own --dump-layout (build/, or $SCANVIZ_BUILD_DIR); then the phone and tablet
# layouts (tests/web/layout_test.js), the embedding examples in a course page and a reveal.js
# deck (tests/web/embed_test.js; reveal.js from npm into .deps/web too), and touch, the page's
# text field and its keys at a phone's and a tablet's size (tests/web/touch_test.js), and screen
# readers (tests/web/a11y_test.js: axe-core from npm, the live region, the Text view). Screenshots
# land in build-web/test-out/. Prints "web: skipped: ..." where the tools are missing
# (scripts/setup.sh installs them), else one "web tests: ..." line a test file (web_test.js, the
# share links' links_test.js, layout_test.js, embed_test.js, touch_test.js, a11y_test.js, the
# QR code's qr_test.js, which needs zbarimg, and the classroom's serve_page_test.js and
# classroom_test.js, which need scanviz-cli with serve); scripts/test.sh's summary records each.
set -euo pipefail
cd "$(dirname "$0")/.."
native=${SCANVIZ_BUILD_DIR:-build}/app/ui/scanviz
for tool in emcc chromium node npm Xvfb; do
  if ! command -v "$tool" >/dev/null; then
    echo "web: skipped: no $([ "$tool" = emcc ] && echo emscripten || echo "$tool")"
    exit 0
  fi
done
[ -x "$native" ] || { echo "web tests: FAILED (no desktop app at $native to compare with)"; exit 1; }
deps=.deps/web
if [ ! -d "$deps/node_modules/puppeteer-core" ]; then
  mkdir -p "$deps"
  npm install --silent --no-audit --no-fund --prefix "$deps" puppeteer-core@24.43.1 >/dev/null
fi
# Phones, tablets and embedding (issue #33): the deck's reveal.js, never committed.
if [ ! -d "$deps/node_modules/reveal.js" ]; then
  npm install --silent --no-audit --no-fund --prefix "$deps" reveal.js@5.2.1 >/dev/null
fi
bash scripts/web.sh
out=${SCANVIZ_WEB_DIR:-build-web}/test-out
site=${SCANVIZ_WEB_DIR:-build-web}/site
status=0
NODE_PATH="$PWD/$deps/node_modules" node tests/web/web_test.js "$site" "$native" "$out" || status=1
# The classroom server (issue #34): the page as `scanviz-cli serve` serves it, the browser's own
# EventSource, a restart (tests/web/serve_page_test.js).
cli=${SCANVIZ_BUILD_DIR:-build}/app/cli/scanviz-cli
if "$cli" serve --help >/dev/null 2>&1; then
  NODE_PATH="$PWD/$deps/node_modules" node tests/web/serve_page_test.js "$site" "$cli" || status=1
  # The classroom's clients: a teacher's page, three students' pages and 30 SSE subscribers,
  # pausing and Rejoin, 403, a restarted server, the desktop's --teach (the delays are
  # scripts/classroom_bench.js's).
  NODE_PATH="$PWD/$deps/node_modules" node tests/web/classroom_test.js "$site" "$native" "$cli" \
    "$out" || status=1
else
  echo "web tests: skipped ($cli has no serve, cpp-httplib missing; serve_page_test.js, classroom_test.js)"
fi
# Share links (issue #33 part 5): copied in one page, opened in a fresh one, compared field by
# field (tests/web/links_test.js).
NODE_PATH="$PWD/$deps/node_modules" node tests/web/links_test.js "$site" "$native" "$out" || status=1
NODE_PATH="$PWD/$deps/node_modules" node tests/web/layout_test.js "$site" "$out" || status=1
NODE_PATH="$PWD/$deps/node_modules" node tests/web/embed_test.js "$site" "$out" || status=1
# Touch, the page's text field and its keys at a phone's and a tablet's size (issue #33).
NODE_PATH="$PWD/$deps/node_modules" node tests/web/touch_test.js "$site" "$native" "$out" || status=1
# Screen readers (issue #34, part 3): axe-core, the live region, the Text view against scanviz-cli.
if [ ! -d "$deps/node_modules/axe-core" ]; then
  npm install --silent --no-audit --no-fund --prefix "$deps" axe-core@4.10.3 >/dev/null
fi
NODE_PATH="$PWD/$deps/node_modules" node tests/web/a11y_test.js "$site" "$native" "$out" || status=1
# View > Show QR code (issue #34): zbarimg reads the copied link in the page's screenshot.
NODE_PATH="$PWD/$deps/node_modules" node tests/web/qr_test.js "$site" "$out" || status=1
exit $status
