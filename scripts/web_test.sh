#!/usr/bin/env bash
# The web page's browser tests (tests/web/web_test.js): builds the site (scripts/web.sh), then
# drives it in headless Chromium with puppeteer-core (npm, into the ignored .deps/web) against
# the desktop app's own --dump-layout (build/, or $SCANVIZ_BUILD_DIR); then the phone and tablet
# layouts (tests/web/layout_test.js), the embedding examples in a course page and a reveal.js
# deck (tests/web/embed_test.js; reveal.js from npm into .deps/web too), and touch, the page's
# text field and its keys at a phone's and a tablet's size (tests/web/touch_test.js). Screenshots
# land in build-web/test-out/. Prints "web: skipped: ..." where the tools are missing
# (scripts/setup.sh installs them), else one "web tests: ..." line a test file (web_test.js, the
# share links' links_test.js, layout_test.js, embed_test.js, touch_test.js, the classroom's
# classroom_test.js); scripts/test.sh's
# summary records each.
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
# Share links (issue #33 part 5): copied in one page, opened in a fresh one, compared field by
# field (tests/web/links_test.js).
NODE_PATH="$PWD/$deps/node_modules" node tests/web/links_test.js "$site" "$native" "$out" || status=1
NODE_PATH="$PWD/$deps/node_modules" node tests/web/layout_test.js "$site" "$out" || status=1
NODE_PATH="$PWD/$deps/node_modules" node tests/web/embed_test.js "$site" "$out" || status=1
# Touch, the page's text field and its keys at a phone's and a tablet's size (issue #33).
NODE_PATH="$PWD/$deps/node_modules" node tests/web/touch_test.js "$site" "$native" "$out" || status=1
# The classroom server (issue #34): the page as `scanviz-cli serve` serves it, the browser's own
# EventSource, a restart (tests/web/serve_page_test.js); then the classroom's clients: a teacher's
# page, three students' pages and 30 SSE subscribers, pausing and Rejoin, 403, a restarted server,
# the desktop's --teach (tests/web/classroom_test.js; the delays are scripts/classroom_bench.js's).
cli=${SCANVIZ_BUILD_DIR:-build}/app/cli/scanviz-cli
if "$cli" serve --help >/dev/null 2>&1; then
  NODE_PATH="$PWD/$deps/node_modules" node tests/web/serve_page_test.js "$site" "$cli" || status=1
  NODE_PATH="$PWD/$deps/node_modules" node tests/web/classroom_test.js "$site" "$native" "$cli" \
    "$out" || status=1
else
  echo "SKIPPED serve_page_test.js, classroom_test.js: $cli has no serve (cpp-httplib missing)"
fi
exit $status
