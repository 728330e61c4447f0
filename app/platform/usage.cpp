// --help: every flag. The keys that registries hold (the algorithms, the grid's block algorithms,
// the applications, the kinds of view) are filled in from them, so a new one is listed at once.
#include <string>
#include <string_view>

#include "core/applications/applications.h"
#include "core/grid/grid.h"
#include "core/registry.h"
#include "state/kind_id.h"
#include "platform/options.h"

namespace scanviz {

namespace {

// {name}: filled in by UsageText.
constexpr const char* kUsage = R"(scanviz: see how a GPU computes a prefix sum, round by round.

usage: scanviz [FILE] [input flags] [view flags] [headless mode]

FILE (or --open FILE): a session (.scanviz) or a trace (scanviz-cli trace -o), opened first; the
flags then change what it set; with --screenshot or --export-* one that does not open exits 2.
In the app: Open… (Ctrl+O), Save… (Ctrl+Shift+S), or drop a file.

input (as scanviz-cli):
  --algorithm {algorithms}|multi-block   --input "3,1,7,0"   --random N
  --seed S   (n up to 65536: the multi-block scan takes it all, a block scan its first 1024)
  --block-algorithm {block-algorithms}
                     the multi-block scan's block scan (default hillis-steele)
  --block-size B     its blocks' size (4..1024, a power of two; default 4)
  --open-block B     the multi-block scan's block B opened in the single-block view
  --grid-select ROW:POS[:LEVEL]   select a cell of the grid (ROW: input, block-output, sums,
                     offsets, output): its invariant window over the input
  --op add|max|min|last   --type int32|float32   --convert   --backend auto|cpu|cuda
  --app {applications}   the applications view (docs/applications.md) with
                     --keep odd|even|positive|nonzero|greater:K (compact), --bit K (split, 0..31),
                     --bits K (radix sort, 1..32; default: as many as the keys need)
view:
  --kind KEY         the kind of view the centre shows, KEY one of:
                     {kinds}
  --theme dark|light|high-contrast   --side-by-side   --pair LEFT,RIGHT   --only-current
  --case-colors   --presenter   --select ROUND:ARRAY:POS | input:POS
  --bank-padding     Warps & banks: model Blelloch's buffer with one pad word every 32
  --keys             every key and mouse action, over the view (as F1 or ? opens it)
  --qr               this view's link as a QR code, over the view (as View > Show QR code, J)
  --quiz FILE        start in Quiz mode (key Q) with this exercise set (docs/quizzes.md)
  --round K (default: the last)
  --panel inspector|code|narration|work-depth|numerics|warps-banks|mistakes|bench|timeline
                     (bench: the chart, key G; timeline: the single-pass scan, key L)
  --tile-size B  --tile-order blockidx|ticket   the single-pass timeline's tiles
  --mistake KEY      the mistakes lab: run the algorithm with this mistake (single-buffer,
                     no-barrier, no-edge-check, wrong-index, no-seed: docs/mistakes.md), beside
                     the correct kernel
  --thread-order in-order|reverse|random:SEED|warp-by-warp   the simulator's order (mistakes)
  --bench-results FILE   (default: the data dir's bench/h200.json)   --bench-type int32|float32
  --bench-mode inclusive|exclusive   --bench-plot gbps|pct (pct: each rung as % of memcpy)
  --bench-gpus all|P the chart across GPUs (the results' folder's multi-gpu-*.json), P: one count
classroom (docs/classroom.md):
  --teach URL        the teacher: publish every change of the view to `scanviz-cli serve`'s
                     class, URL its teacher's address (http://HOST:PORT/#class&key=KEY)
headless modes (settings are neither read nor written):
  --screenshot OUT.png [--size WxH] [--dump-layout FILE.json]   render one frame, exit
                     --dump-layout writes what that frame drew, in pixels: each cell's rectangle,
                     class and colours, and each panel (controls, side with its tab, trace,
                     status, bench) with its rectangle and the text lines it drew (narration,
                     code lines and which are lit, inspector, bench error, bracket caption)
  --bench-frames N   ms per frame: bare window, app with an empty view, and the view
                     (--algorithm, default Hillis-Steele; n = 1024, every round), with ratios;
                     --algorithm multi-block: the grid of --random N (default 65536) in blocks
                     of --block-size, every phase shown
  --time-startup     print the time from launch to the first frame, exit
data (presets, benchmark results, icon; $SCANVIZ_DATA_DIR, else ../share/scanviz beside bin/):
  --data-dir         print the data dir the app uses, how it was found and what is in it, exit
  --export-png OUT.png  --export-svg OUT.svg   the figure alone (heading, rounds, selection;
                     no panels) at --round K (default: the last); several may be given at once
  --export-gif OUT.gif   every round, one frame each, looping; --gif-delay-ms N a frame
                     (default 1200; the last shows three times as long)
  --export-sequence DIR  every round as DIR/scanviz-ALGORITHM-00.png and .svg, 01, ...
                     (DIR is made if missing)
  --export-size WxH  the PNG's and GIF's size (default: the window's, --size)
                     --dump-layout FILE.json with an export: what the last figure drew, as
                     for --screenshot
  --transparent      PNG and SVG without a background (a GIF has the theme's)
                     exit 0 when every file was written, 2 on a bad flag, path or round (nothing
                     written), 1 when drawing or writing failed
testing the live app:
  --state-file FILE  after every frame that changed it, write the app's state (algorithm, rounds,
                     input, toggles, keyboard focus) as one line of JSON
)";

// "hillis-steele|blelloch|warp-shuffle": the registry's algorithms (`grid`: those the multi-block
// scan takes as its block scan).
std::string KeyList(bool grid) {
  std::string out;
  for (const AlgorithmInfo* info : Algorithms()) {
    if (grid && !IsGridBlockAlgorithm(info->id)) continue;
    if (!out.empty()) out += '|';
    out += info->key;
  }
  return out;
}

std::string ApplicationKeyList() {
  std::string out;
  for (const ApplicationInfo& info : Applications()) {
    if (!out.empty()) out += '|';
    out += info.key;
  }
  return out;
}

void Fill(std::string& text, std::string_view name, const std::string& value) {
  const size_t at = text.find(name);
  if (at != std::string::npos) text.replace(at, name.size(), value);
}

}  // namespace

std::string UsageText() {
  std::string text = kUsage;
  Fill(text, "{algorithms}", KeyList(/*grid=*/false));
  Fill(text, "{block-algorithms}", KeyList(/*grid=*/true));
  Fill(text, "{applications}", ApplicationKeyList());
  Fill(text, "{kinds}", KindKeys());
  return text;
}

}  // namespace scanviz
