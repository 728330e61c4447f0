#include "headless.h"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/file_io.h"
#include "core/grid/grid.h"
#include "kinds/kind.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/trace_io.h"

namespace scanviz {

namespace {

// The whole of `s` as an int: no spaces, no '+', no trailing text, no wrap-around.
bool ParseInt(std::string_view s, int* out) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return false;
  *out = v;
  return true;
}

std::optional<scene::CellRef> ParseCell(std::string_view s) {
  scene::CellRef c;
  if (s.rfind("input:", 0) == 0) {
    c.round = scene::kInputRound;
    if (!ParseInt(s.substr(6), &c.pos)) return std::nullopt;
    return c;
  }
  size_t a = s.find(':'), b = s.rfind(':');
  if (a == std::string_view::npos || a == b) return std::nullopt;
  if (!ParseInt(s.substr(0, a), &c.round) || !ParseInt(s.substr(a + 1, b - a - 1), &c.buffer) ||
      !ParseInt(s.substr(b + 1), &c.pos)) {
    return std::nullopt;
  }
  return c;
}

// The export flags that make no sense together, each said in one line.
std::string CheckExportFlags(const Options& o) {
  const exports::ExportRequest& e = o.export_request;
  const bool picture = !e.png.empty() || !e.svg.empty() || !e.sequence_dir.empty();
  if (o.Exporting() &&
      (!o.screenshot.empty() || o.bench_frames > 0 || o.time_startup || !o.state_file.empty()))
    return "--export-* runs on its own: not with --screenshot, --bench-frames, --time-startup "
           "or --state-file";
  if (o.transparent && !picture)
    return "--transparent applies to --export-png, --export-svg and --export-sequence (a GIF "
           "has the theme's background)";
  if (o.gif_delay_ms && e.gif.empty()) return "--gif-delay-ms needs --export-gif";
  if (o.export_size && !o.Exporting()) return "--export-size needs --export-png, -gif or -sequence";
  if (o.round && o.Exporting() && e.png.empty() && e.svg.empty() && o.screenshot.empty())
    return "--round picks the round of --export-png and --export-svg; --export-gif and "
           "--export-sequence write every round";
  return {};
}

}  // namespace

const char* UsageText() {
  return R"(scanviz: see how a GPU computes a prefix sum, round by round.

usage: scanviz [FILE] [input flags] [view flags] [headless mode]

FILE (or --open FILE): a session (.scanviz) or a trace (scanviz-cli trace -o), opened first; the
flags then change what it set; with --screenshot or --export-* one that does not open exits 2.
In the app: Open… (Ctrl+O), Save… (Ctrl+Shift+S), or drop a file.

input (as scanviz-cli):
  --algorithm hillis-steele|blelloch|warp-shuffle|multi-block   --input "3,1,7,0"   --random N
  --seed S   (n up to 65536: the multi-block scan takes it all, a block scan its first 1024)
  --block-algorithm hillis-steele|blelloch   --block-size B (4..1024, a power of two)   the
                     multi-block scan's block scan (default Hillis-Steele, blocks of 4)
  --open-block B     the multi-block scan's block B opened in the single-block view
  --grid-select ROW:POS[:LEVEL]   select a cell of the grid (ROW: input, block-output, sums,
                     offsets, output): its invariant window over the input
  --op add|max|min|last   --type int32|float32   --convert   --backend auto|cpu|cuda
  --app compact|split|radix-sort|allocate   the applications view (docs/applications.md) with
                     --keep odd|even|positive|nonzero|greater:K (compact), --bit K (split, 0..31),
                     --bits K (radix sort, 1..32; default: as many as the keys need)
view:
  --theme dark|light|high-contrast   --side-by-side   --pair LEFT,RIGHT   --only-current
  --case-colors   --presenter   --select ROUND:ARRAY:POS | input:POS
  --bank-padding     Warps & banks: model Blelloch's buffer with one pad word every 32
  --keys             every key and mouse action, over the view (as F1 or ? opens it)
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
  --transparent      PNG and SVG without a background (a GIF has the theme's)
                     exit 0 when every file was written, 2 on a bad flag, path or round (nothing
                     written), 1 when drawing or writing failed
testing the live app:
  --state-file FILE  after every frame that changed it, write the app's state (algorithm, rounds,
                     input, toggles, keyboard focus) as one line of JSON
)";
}

void Options::Show(KindId k) {
  // The order in which earlier versions drew them over each other.
  constexpr KindId kCover[] = {KindId::kBlockScan, KindId::kSideBySide, KindId::kMultiBlock,
                               KindId::kApplication, KindId::kSinglePass, KindId::kBenchmark};
  auto rank = [&](KindId x) { return std::find(std::begin(kCover), std::end(kCover), x); };
  if (!kind || rank(k) > rank(*kind)) kind = k;
}

Options ParseOptions(int argc, char** argv) {
  Options o;
  auto need = [&](int& i) -> const char* {
    if (i + 1 >= argc) {
      o.error = std::string(argv[i]) + " needs a value";
      return nullptr;
    }
    return argv[++i];
  };
  for (int i = 1; i < argc && o.error.empty(); ++i) {
    std::string_view a = argv[i];
    const char* v = nullptr;
    if (a == "-h" || a == "--help") {
      o.help = true;
    } else if (a == "--algorithm") {
      Algorithm x;
      if ((v = need(i)) && std::string_view(v) == kMultiBlockKey)
        o.Show(KindId::kMultiBlock);
      else if (v && Parse(v, &x))
        o.algorithm = x;
      else if (v)
        o.error = std::string("unknown algorithm '") + v + "'";
    } else if (a == "--block-algorithm") {
      Algorithm x;
      if ((v = need(i)) && Parse(v, &x) && IsGridBlockAlgorithm(x))
        o.block_algorithm = x;
      else if (v)
        o.error = std::string("--block-algorithm '") + v + "': choose " + GridBlockAlgorithmKeys();
    } else if (a == "--app") {
      AppKind x;
      if ((v = need(i)) && ParseApp(v, &x)) {
        o.app = x;
        o.Show(KindId::kApplication);
      }
      else if (v)
        o.error = std::string("--app '") + v + "': choose " + AppKeys();
    } else if (a == "--keep") {
      if ((v = need(i))) o.keep = v;
    } else if (a == "--bit" || a == "--bits") {
      int b = 0;
      const bool one = a == "--bit";
      if ((v = need(i)) && ParseInt(v, &b) && b >= (one ? 0 : 1) && b <= (one ? 31 : 32))
        (one ? o.bit : o.bits) = b;
      else if (v)
        o.error = one ? "--bit takes 0..31" : "--bits takes 1..32";
    } else if (a == "--block-size") {
      int b = 0;
      if ((v = need(i)) && ParseInt(v, &b) && b >= kMinGridBlockSize && b <= kMaxGridBlockSize &&
          (b & (b - 1)) == 0)
        o.block_size = b;
      else if (v)
        o.error = "--block-size takes a power of two from 4 to 1024";
    } else if (a == "--grid-select") {
      // ROW:POS[:LEVEL], ROW one of input, block-output, sums, offsets, output.
      if ((v = need(i))) {
        const std::string text = v;
        const size_t c1 = text.find(':');
        const size_t c2 = c1 == std::string::npos ? c1 : text.find(':', c1 + 1);
        int pos = -1, level = 0;
        std::optional<scene::GridRowKind> kind;
        for (auto k : {scene::GridRowKind::kInput, scene::GridRowKind::kBlockOutput,
                       scene::GridRowKind::kSums, scene::GridRowKind::kOffsets,
                       scene::GridRowKind::kOutput})
          if (c1 != std::string::npos && text.substr(0, c1) == scene::ToString(k)) kind = k;
        const bool ok =
            kind && ParseInt(text.substr(c1 + 1, c2 == std::string::npos ? c2 : c2 - c1 - 1).c_str(), &pos) &&
            pos >= 0 && (c2 == std::string::npos || (ParseInt(text.substr(c2 + 1).c_str(), &level) && level >= 0));
        if (ok) {
          o.grid_select = scene::GridCellRef{level, *kind, pos};
        } else {
          o.error = "--grid-select takes ROW:POS[:LEVEL] (ROW: input, block-output, sums, "
                    "offsets or output)";
        }
      }
    } else if (a == "--open-block") {
      int b = 0;
      if ((v = need(i)) && ParseInt(v, &b) && b >= 0)
        o.open_block = b;
      else if (v)
        o.error = "--open-block takes a block number (0, 1, ...)";
    } else if (a == "--input") {
      if ((v = need(i))) o.input = v;
    } else if (a == "--random") {
      int n = 0;
      if ((v = need(i)) && ParseInt(v, &n) && n >= 1 && n <= kMaxGridElements)
        o.random_n = n;
      else if (v)
        o.error = "--random takes 1..65536 (a block scan shows the first 1024)";
    } else if (a == "--seed") {
      if (const ParsedSeed seed = ParseSeed((v = need(i)) ? v : ""); v && seed.Ok())
        o.seed = seed.value;
      else if (v)
        o.error = "--seed " + seed.error;
    } else if (a == "--op") {
      OpKind x;
      if ((v = need(i)) && Parse(v, &x))
        o.op = x;
      else if (v)
        o.error = std::string("unknown op '") + v + "'";
    } else if (a == "--backend") {
      BackendChoice x;
      if ((v = need(i)) && Parse(v, &x))
        o.backend = x;
      else if (v)
        o.error = std::string("unknown backend '") + v + "'";
    } else if (a == "--theme") {
      scene::Theme x;
      if ((v = need(i)) && scene::Parse(v, &x))
        o.theme = x;
      else if (v)
        o.error = std::string("unknown theme '") + v + "'";
    } else if (a == "--type") {
      ElementType x;
      if ((v = need(i)) && Parse(v, &x))
        o.type = x;
      else if (v)
        o.error = std::string("unknown type '") + v + "' (int32 or float32)";
    } else if (a == "--convert") {
      o.convert = true;
    } else if (a == "--mistake") {
      if ((v = need(i))) {
        o.mistake = v;
        bool known = false;
        for (const MistakeInfo& m : Mistakes()) known = known || o.mistake == m.key;
        if (!known) o.error = std::string("unknown mistake '") + v + "' (docs/mistakes.md)";
      }
    } else if (a == "--thread-order") {
      SimulatorOptions x;
      if ((v = need(i)) && ParseThreadOrder(v, &x))
        o.thread_order = x;
      else if (v)
        o.error = std::string("unknown thread order '") + v +
                  "' (in-order, reverse, random:SEED or warp-by-warp)";
    } else if (a == "--panel") {
      SidePanel x;
      if ((v = need(i)) && std::string_view(v) == "bench") {
        o.Show(KindId::kBenchmark);
      } else if (v && std::string_view(v) == "timeline") {
        o.Show(KindId::kSinglePass);
      } else if (v && Parse(v, &x)) {
        o.panel = x;
      } else if (v) {
        o.error = std::string("unknown panel '") + v +
                  "' (inspector, code, narration, work-depth, numerics, warps-banks, mistakes, "
                  "bench or timeline)";
      }
    } else if (a == "--tile-size") {
      int b = 0;
      if ((v = need(i)) && std::sscanf(v, "%d", &b) == 1 && b >= kMinGridBlockSize &&
          b <= kMaxGridBlockSize && (b & (b - 1)) == 0)
        o.tile_size = b;
      else if (v)
        o.error = std::string("--tile-size '") + v + "': choose a power of two from 4 to 1024";
    } else if (a == "--tile-order") {
      TileOrder x{};
      if ((v = need(i)) && Parse(std::string(v), &x))
        o.tile_order = x;
      else if (v)
        o.error = std::string("--tile-order '") + v + "': choose blockidx or ticket";
    } else if (a == "--bench-results") {
      if ((v = need(i))) o.bench_results = v;
    } else if (a == "--bench-type") {
      ElementType x;
      if ((v = need(i)) && Parse(v, &x))
        o.bench_float = x == ElementType::kFloat32;
      else if (v)
        o.error = std::string("unknown type '") + v + "' (int32 or float32)";
    } else if (a == "--bench-mode") {
      if ((v = need(i)) &&
          (std::string_view(v) == "inclusive" || std::string_view(v) == "exclusive"))
        o.bench_exclusive = std::string_view(v) == "exclusive";
      else if (v)
        o.error = std::string("unknown mode '") + v + "' (inclusive or exclusive)";
    } else if (a == "--bench-plot") {
      if ((v = need(i)) && (std::string_view(v) == "gbps" || std::string_view(v) == "pct"))
        o.bench_pct = std::string_view(v) == "pct";
      else if (v)
        o.error = std::string("unknown plot '") + v + "' (gbps or pct: % of memcpy)";
    } else if (a == "--screenshot") {
      if ((v = need(i))) o.screenshot = v;
    } else if (a == "--round") {
      int r = 0;
      if ((v = need(i)) && ParseInt(v, &r) && r >= 0)
        o.round = r;
      else if (v)
        o.error = "--round takes a non-negative integer";
    } else if (a == "--size") {
      if ((v = need(i))) {
        std::string_view s = v;
        size_t x = s.find('x');
        if (x == std::string_view::npos || !ParseInt(s.substr(0, x), &o.width) ||
            !ParseInt(s.substr(x + 1), &o.height) || o.width < 320 || o.height < 240 ||
            o.width > 16384 || o.height > 16384) {
          o.error = "--size takes WxH (320x240 up to 16384x16384)";
        }
      }
    } else if (a == "--export-png" || a == "--export-svg" || a == "--export-gif" ||
               a == "--export-sequence") {
      std::string& target = a == "--export-png"   ? o.export_request.png
                            : a == "--export-svg" ? o.export_request.svg
                            : a == "--export-gif" ? o.export_request.gif
                                                  : o.export_request.sequence_dir;
      if ((v = need(i)) && *v != '\0')
        target = v;
      else if (v)
        o.error = std::string(a) + " needs a file name";
    } else if (a == "--export-size") {
      if ((v = need(i)) && !(o.export_size = exports::ParseSize(v)))
        o.error = "--export-size takes WxH (320x240 up to 8192x8192)";
    } else if (a == "--transparent") {
      o.transparent = true;
    } else if (a == "--gif-delay-ms") {
      int ms = 0;
      if ((v = need(i)) && ParseInt(v, &ms) && ms >= 20 && ms <= exports::kMaxDelayMs)
        o.gif_delay_ms = ms;
      else if (v)
        o.error = "--gif-delay-ms takes 20..60000";
    } else if (a == "--state-file") {
      if ((v = need(i))) o.state_file = v;
    } else if (a == "--dump-layout") {
      if ((v = need(i))) o.dump_layout = v;
    } else if (a == "--bench-frames") {
      if ((v = need(i)) && ParseInt(v, &o.bench_frames) && o.bench_frames > 0) {
      } else if (v) {
        o.error = "--bench-frames takes a positive integer";
      }
    } else if (a == "--time-startup") {
      o.time_startup = true;
    } else if (a == "--data-dir") {
      o.data_dir = true;
    } else if (a == "--side-by-side") {
      o.Show(KindId::kSideBySide);
    } else if (a == "--kind") {
      if ((v = need(i)) && ParseKind(v)) {
        o.kind = ParseKind(v);
      } else if (v) {
        o.error = std::string("--kind '") + v + "': choose " + KindKeys();
      }
    } else if (a == "--pair") {
      if ((v = need(i))) {
        const std::string_view s = v;
        const size_t comma = s.find(',');
        Algorithm left{}, right{};
        if (comma != std::string_view::npos && Parse(s.substr(0, comma), &left) &&
            Parse(s.substr(comma + 1), &right)) {
          o.pair = std::pair{left, right};
          o.Show(KindId::kSideBySide);
        } else {
          o.error = "--pair takes two algorithms, LEFT,RIGHT (e.g. hillis-steele,warp-shuffle)";
        }
      }
    } else if (a == "--only-current") {
      o.only_current = true;
    } else if (a == "--bank-padding") {
      o.bank_padding = true;
    } else if (a == "--case-colors") {
      o.case_colors = true;
    } else if (a == "--presenter") {
      o.presenter = true;
    } else if (a == "--keys") {
      o.show_keys = true;
    } else if (a == "--select") {
      if ((v = need(i))) {
        o.select = ParseCell(v);
        if (!o.select) o.error = "--select takes ROUND:BUFFER:POS or input:POS";
      }
    } else if (a == "--quiz") {
      if ((v = need(i))) o.quiz = v;
    } else if (a == "--open") {
      if ((v = need(i))) o.open = v;
    } else if (!a.empty() && a[0] != '-' && o.open.empty()) {
      o.open = std::string(a);  // `scanviz lecture.scanviz`, as a file manager starts it
    } else {
      o.error = "unknown option '" + std::string(a) + "' (see --help)";
    }
  }
  if (o.error.empty() && o.input && o.random_n)
    o.error = "give either --input or --random, not both";
  if (o.error.empty()) o.error = CheckExportFlags(o);
  return o;
}

std::string WriteScreenshot(const std::string& path, int w, int h) {
  std::vector<unsigned char> pixels(static_cast<size_t>(w) * static_cast<size_t>(h) * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);
  // Encoded in memory, then written whole: a failed write leaves the old picture.
  std::string png;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<size_t>(size));
  };
  if (!stbi_write_png_to_func(append, &png, w, h, 3, pixels.data(), w * 3))
    return "cannot encode the PNG for " + path;
  return WriteFileAtomically(path, png);
}

std::string WriteLayout(const std::string& path, const std::vector<DumpedCell>& cells,
                        const std::vector<DumpedPanel>& panels, int w, int h, scene::Theme theme) {
  nlohmann::json j;
  j["width"] = w;
  j["height"] = h;
  j["theme"] = scene::ToString(theme);
  auto rgb = [](scene::Rgba c) {
    return nlohmann::json::array({static_cast<int>(c.r * 255 + 0.5f),
                                  static_cast<int>(c.g * 255 + 0.5f),
                                  static_cast<int>(c.b * 255 + 0.5f)});
  };
  nlohmann::json list = nlohmann::json::array();
  for (const DumpedCell& c : cells) {
    list.push_back({{"algorithm", ToString(c.algorithm)},
                    {"round", c.cell.round},
                    {"buffer", c.cell.buffer},
                    {"pos", c.cell.pos},
                    {"class", c.is_input ? "input" : ToString(c.cls)},
                    {"style", static_cast<int>(c.style)},
                    {"padding", c.padding},
                    {"hs_case", c.hs_case},
                    {"rect", {c.x, c.y, c.w, c.h}},
                    {"fill", rgb(c.fill)},
                    {"border", rgb(c.border)},
                    {"border_width", c.border_width},
                    {"text", c.text},
                    {"text_px", c.text_px}});
  }
  j["cells"] = list;
  auto rect = [](const ViewRect& r) { return nlohmann::json::array({r.x, r.y, r.w, r.h}); };
  nlohmann::json panel_list = nlohmann::json::array();
  for (const DumpedPanel& p : panels) {
    nlohmann::json panel = {{"name", p.name}, {"rect", rect(p.rect)}};
    if (p.name == "side") panel["tab"] = p.detail;
    if (p.name == "trace") panel["algorithm"] = p.detail;
    if (p.content) panel["content"] = rect(*p.content);
    nlohmann::json lines = nlohmann::json::array();
    for (const DumpedLine& l : p.lines) {
      nlohmann::json line = {
          {"kind", l.kind}, {"text", l.text}, {"rect", rect(l.rect)}, {"visible", l.visible}};
      if (l.kind == "code") {
        line["lit"] = l.lit;
        line["number"] = l.number;
      }
      lines.push_back(std::move(line));
    }
    panel["lines"] = std::move(lines);
    nlohmann::json brackets = nlohmann::json::array();
    for (const DumpedBracket& b : p.brackets)
      brackets.push_back({{"x0", b.x0}, {"x1", b.x1}, {"y", b.y}, {"caption", b.caption}});
    if (!brackets.empty()) panel["brackets"] = std::move(brackets);
    panel_list.push_back(std::move(panel));
  }
  j["panels"] = std::move(panel_list);
  // Text the views drew is UTF-8 from our own sources and the trace; should a byte sequence be
  // invalid all the same, it becomes U+FFFD rather than losing the whole file.
  return WriteFileAtomically(path, j.dump(1, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::string StateJson(AppState& app, bool text_input) {
  nlohmann::json j;
  const KindId kind = app.ShownKind();
  j["kind"] = ToString(kind);
  j["step"] = {{"step", ShownKindOf(app).Steps(app).step},
               {"of", ShownKindOf(app).Steps(app).count},
               {"caption", ShownKindOf(app).Steps(app).caption}};
  j["algorithm"] = kind == KindId::kMultiBlock ? kMultiBlockKey : ToString(app.GetAlgorithm());
  j["multi_block"] = kind == KindId::kMultiBlock;
  j["app_mode"] = kind == KindId::kApplication;
  if (kind == KindId::kApplication) {
    const AppSlot& slot = app.Application();
    const Player& ap = app.AppPlayer();
    j["application"] = {{"app", ToString(app.App())},
                        {"step", ap.Round()},
                        {"of", ap.RoundCount()},
                        {"passes", slot.trace ? slot.trace->passes.size() : 0},
                        {"total", slot.trace ? slot.trace->total : 0},
                        {"output", slot.trace ? slot.trace->output : std::vector<double>{}},
                        {"error", slot.error},
                        {"problems", slot.problems}};
  }
  if (kind == KindId::kMultiBlock) {
    const Player& gp = app.GridPlayer();
    j["grid"] = {{"step", gp.Round()},
                 {"of", gp.RoundCount()},
                 {"block_algorithm", ToString(app.GridBlockAlgorithm())},
                 {"block_size", app.GridBlockSize()},
                 {"blocks", app.Grid().grid.BlockCount()},
                 {"problems", app.Grid().problems},
                 {"checked", app.Grid().checked}};
    j["opened_block"] = app.Opened() ? nlohmann::json::array({app.Opened()->level,
                                                              app.Opened()->block})
                                     : nlohmann::json();
  }
  nlohmann::json rounds = nlohmann::json::object();
  for (const AlgorithmInfo* info : Algorithms()) {
    Player& p = app.PlayerOf(info->id);
    rounds[info->key] = {{"round", p.Round()}, {"of", p.RoundCount()}, {"playing", p.Playing()}};
  }
  j["rounds"] = std::move(rounds);
  j["input_text"] = app.InputText();
  j["input_error"] = app.InputError();
  j["values"] = app.Values();
  j["op"] = ToString(app.Op());
  j["type"] = ToString(app.Type());
  const ViewState& vs = app.view;
  j["panel"] = ToString(vs.panel);
  j["presenter"] = vs.presenter;
  j["side_by_side"] = kind == KindId::kSideBySide;
  j["only_current"] = vs.only_current;
  j["bank_padding"] = vs.bank_padding;
  j["color_by_case"] = vs.color_by_case;
  j["bench"] = kind == KindId::kBenchmark;
  j["timeline"] = kind == KindId::kSinglePass;
  j["ui_scale"] = vs.ui_scale;
  j["help"] = vs.help;
  j["popup"] = vs.popup_open;
  j["tooltip"] = vs.tooltip;
  j["undo"] = app.History().UndoCount();
  j["redo"] = app.History().RedoCount();
  j["selected"] = vs.selected ? nlohmann::json::array({vs.selected->round, vs.selected->buffer,
                                                       vs.selected->pos})
                              : nlohmann::json();
  j["message"] = app.message;
  j["notice"] = app.notice;
  j["backend"] = app.BackendStatus();
  j["file_dialog"] = vs.file_dialog == FileDialog::kOpen   ? "open"
                     : vs.file_dialog == FileDialog::kSave ? "save"
                                                           : "";
  j["file_error"] = vs.file_error;
  j["recent"] = app.Recent();
  j["n_note"] = vs.n_note;
  j["text_input"] = text_input;
  nlohmann::json widgets = nlohmann::json::object();
  for (const auto& [name, r] : vs.widgets) widgets[name] = {r[0], r[1], r[2], r[3]};
  j["widgets"] = std::move(widgets);
  nlohmann::json quiz = {{"on", vs.quiz}, {"error", app.quiz.error}};
  if (const auto& q = app.quiz.quiz) {
    const teach::Score score = q->SetScore();
    quiz["set"] = q->Set().title;
    quiz["question"] = q->QuestionIndex();
    quiz["questions"] = q->QuestionCount();
    quiz["finished"] = q->Finished();
    quiz["graded"] = q->Graded();
    quiz["answers"] = q->Answers();
    quiz["right"] = score.right;
    quiz["asked"] = score.asked;
  }
  j["quiz"] = std::move(quiz);
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace scanviz
