// The command line, one row per flag (kFlags): its name, whether a value follows it, and what it
// does with the value, returning the error the app exits with (empty: none). ParseOptions reads
// argv against the table; what holds between flags is checked after (CheckExportFlags).
#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdio>
#include <string_view>

#include "core/applications/applications.h"
#include "core/file_io.h"
#include "core/grid/grid.h"
#include "core/input.h"
#include "core/mistake.h"
#include "kinds/kind.h"
#include "platform/options.h"

namespace scanviz {

void Options::Show(KindId k) {
  if (!kind || KindOf(k).Entry().cover > KindOf(*kind).Entry().cover) kind = k;
}

bool Options::ShowImplied(std::string_view flag, std::string_view value) {
  const std::string with_value = std::string(flag) + "=" + std::string(value);
  bool shown = false;
  for (KindId id : kAllKinds) {
    const std::string_view names = KindOf(id).Entry().implied_by;
    for (size_t at = 0; at < names.size();) {
      const size_t end = std::min(names.find(' ', at), names.size());
      const std::string_view name = names.substr(at, end - at);
      at = end + 1;
      if (name != flag && name != with_value) continue;
      Show(id);
      shown = true;
    }
  }
  return shown;
}

namespace {

// [SECTION] Reading one value

// The whole of `s` as an int: no spaces, no '+', no trailing text, no wrap-around.
bool ParseInt(std::string_view s, int* out) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return false;
  *out = v;
  return true;
}

bool PowerOfTwoBlock(int b) {
  return b >= kMinGridBlockSize && b <= kMaxGridBlockSize && (b & (b - 1)) == 0;
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

// ROW:POS[:LEVEL], ROW one of input, block-output, sums, offsets, output.
std::optional<scene::GridCellRef> ParseGridCell(std::string_view text) {
  const size_t c1 = text.find(':');
  if (c1 == std::string_view::npos) return std::nullopt;
  const size_t c2 = text.find(':', c1 + 1);
  std::optional<scene::GridRowKind> row;
  for (auto k :
       {scene::GridRowKind::kInput, scene::GridRowKind::kBlockOutput, scene::GridRowKind::kSums,
        scene::GridRowKind::kOffsets, scene::GridRowKind::kOutput})
    if (text.substr(0, c1) == scene::ToString(k)) row = k;
  int pos = -1, level = 0;
  const std::string_view pos_text =
      text.substr(c1 + 1, c2 == std::string_view::npos ? c2 : c2 - c1 - 1);
  if (!row || !ParseInt(pos_text, &pos) || pos < 0) return std::nullopt;
  if (c2 != std::string_view::npos && (!ParseInt(text.substr(c2 + 1), &level) || level < 0))
    return std::nullopt;
  return scene::GridCellRef{level, *row, pos};
}

// "unknown op 'foo'", with what follows it.
std::string Unknown(const char* what, const char* v, const char* tail = "") {
  return std::string("unknown ") + what + " '" + v + "'" + tail;
}

// *out = the value of an enum that v names (the Parse overloads), or the error.
template <class T>
std::string ReadEnum(const char* v, std::optional<T>* out, const std::string& error) {
  T x{};
  if (!Parse(v, &x)) return error;
  *out = x;
  return {};
}

// *out = v as an int in lo..hi, or the error.
template <class Int>
std::string ReadInt(const char* v, int lo, int hi, Int* out, const char* error) {
  int x = 0;
  if (!ParseInt(v, &x) || x < lo || x > hi) return error;
  *out = x;
  return {};
}

std::string Text(std::string* out, const char* v) {
  *out = v;
  return {};
}

std::string On(bool* flag) {
  *flag = true;
  return {};
}

// A flag naming a file: an empty name is refused, since an empty field reads as "not given" (an
// empty --screenshot or --dump-layout started the interactive app under a script).
std::string FileName(std::string* target, const char* flag, const char* v) {
  if (*v == '\0') return std::string(flag) + " needs a file name";
  *target = v;
  return {};
}

// A file the app writes while it runs (--state-file): its folder checked now, as a bad flag,
// since its writes come later (a failed one is said then, and the exit code is 2).
std::string OutputName(std::string* target, const char* flag, const char* v) {
  if (std::string why = FileName(target, flag, v); !why.empty()) return why;
  if (std::string why = CheckWriteTarget(v); !why.empty()) return std::string(flag) + ": " + why;
  return {};
}

// [SECTION] The flags with more to them than one value

std::string AlgorithmFlag(Options& o, const char* v) {
  if (o.ShowImplied("--algorithm", v)) return {};  // multi-block: the grid's kind
  return ReadEnum(v, &o.algorithm, Unknown("algorithm", v));
}

std::string BlockAlgorithmFlag(Options& o, const char* v) {
  Algorithm x{};
  if (!Parse(v, &x) || !IsGridBlockAlgorithm(x))
    return std::string("--block-algorithm '") + v + "': choose " + GridBlockAlgorithmKeys();
  o.block_algorithm = x;
  return {};
}

std::string ApplicationFlag(Options& o, const char* v) {
  ApplicationKind x{};
  if (!ParseApplication(v, &x))
    return std::string("--app '") + v + "': choose " + ApplicationKeys();
  o.application = x;
  o.ShowImplied("--app");
  return {};
}

std::string BlockSizeFlag(Options& o, const char* v) {
  int b = 0;
  if (!ParseInt(v, &b) || !PowerOfTwoBlock(b))
    return "--block-size takes a power of two from 4 to 1024";
  o.block_size = b;
  return {};
}

std::string MistakeFlag(Options& o, const char* v) {
  o.mistake = v;
  for (const MistakeInfo& m : Mistakes())
    if (o.mistake == m.key) return {};
  return Unknown("mistake", v, " (docs/mistakes.md)");
}

std::string ThreadOrderFlag(Options& o, const char* v) {
  SimulatorOptions x;
  if (!ParseThreadOrder(v, &x))
    return Unknown("thread order", v, " (in-order, reverse, random:SEED or warp-by-warp)");
  o.thread_order = x;
  return {};
}

// bench and timeline: kinds of view, named as tabs in earlier versions.
std::string PanelFlag(Options& o, const char* v) {
  if (o.ShowImplied("--panel", v)) return {};
  return ReadEnum(v, &o.panel,
                  Unknown("panel", v,
                          " (inspector, code, narration, work-depth, numerics, warps-banks, "
                          "mistakes, bench or timeline)"));
}

std::string TileSizeFlag(Options& o, const char* v) {
  int b = 0;
  if (std::sscanf(v, "%d", &b) != 1 || !PowerOfTwoBlock(b))
    return std::string("--tile-size '") + v + "': choose a power of two from 4 to 1024";
  o.tile_size = b;
  return {};
}

std::string BenchTypeFlag(Options& o, const char* v) {
  ElementType x{};
  if (!Parse(v, &x)) return Unknown("type", v, " (int32 or float32)");
  o.bench_float = x == ElementType::kFloat32;
  return {};
}

// One of two words: *second = whether v is the second; else the error.
std::string OneOf(const char* v, const char* first, const char* second, bool* is_second,
                  const std::string& error) {
  if (std::string_view(v) != first && std::string_view(v) != second) return error;
  *is_second = std::string_view(v) == second;
  return {};
}

std::string SizeFlag(Options& o, const char* v) {
  const std::string_view s = v;
  const size_t x = s.find('x');
  if (x == std::string_view::npos || !ParseInt(s.substr(0, x), &o.width) ||
      !ParseInt(s.substr(x + 1), &o.height) || o.width < 320 || o.height < 240 || o.width > 16384 ||
      o.height > 16384) {
    return "--size takes WxH (320x240 up to 16384x16384)";
  }
  return {};
}

std::string KindFlag(Options& o, const char* v) {
  const std::optional<KindId> kind = ParseKind(v);
  if (!kind) return std::string("--kind '") + v + "': choose " + KindKeys();
  o.kind = kind;  // named: it wins over the kinds the other flags imply
  return {};
}

std::string PairFlag(Options& o, const char* v) {
  const std::string_view s = v;
  const size_t comma = s.find(',');
  Algorithm left{}, right{};
  if (comma == std::string_view::npos || !Parse(s.substr(0, comma), &left) ||
      !Parse(s.substr(comma + 1), &right))
    return "--pair takes two algorithms, LEFT,RIGHT (e.g. hillis-steele,warp-shuffle)";
  o.pair = std::pair{left, right};
  o.ShowImplied("--pair");
  return {};
}

// [SECTION] The table

struct Flag {
  const char* name;
  bool takes_value;
  // What the flag does with its value (nullptr for a switch): empty, or the error.
  std::string (*apply)(Options& o, const char* value);
};

using O = Options&;
using V = const char*;

constexpr Flag kFlags[] = {
    {"-h", false, [](O o, V) { return On(&o.help); }},
    {"--help", false, [](O o, V) { return On(&o.help); }},
    // Input (as scanviz-cli)
    {"--algorithm", true, AlgorithmFlag},
    {"--block-algorithm", true, BlockAlgorithmFlag},
    {"--app", true, ApplicationFlag},
    {"--keep", true,
     [](O o, V v) -> std::string {
       if (*v == '\0') return "--keep needs a rule: odd, even, positive, nonzero or greater:K";
       return Text(&o.keep, v);
     }},
    {"--bit", true, [](O o, V v) { return ReadInt(v, 0, 31, &o.bit, "--bit takes 0..31"); }},
    {"--bits", true, [](O o, V v) { return ReadInt(v, 1, 32, &o.bits, "--bits takes 1..32"); }},
    {"--block-size", true, BlockSizeFlag},
    {"--grid-select", true,
     [](O o, V v) -> std::string {
       o.grid_select = ParseGridCell(v);
       if (o.grid_select) return {};
       return "--grid-select takes ROW:POS[:LEVEL] (ROW: input, block-output, sums, offsets or "
              "output)";
     }},
    {"--open-block", true,
     [](O o, V v) {
       return ReadInt(v, 0, INT_MAX, &o.open_block,
                      "--open-block takes a block number (0, 1, ...)");
     }},
    {"--input", true, [](O o, V v) { return Text(&o.input.emplace(), v); }},
    {"--random", true,
     [](O o, V v) {
       return ReadInt(v, 1, kMaxGridElements, &o.random_n,
                      "--random takes 1..65536 (a block scan shows the first 1024)");
     }},
    {"--seed", true,
     [](O o, V v) -> std::string {
       const ParsedSeed seed = ParseSeed(v);
       if (!seed.Ok()) return "--seed " + seed.error;
       o.seed = seed.value;
       return {};
     }},
    {"--op", true, [](O o, V v) { return ReadEnum(v, &o.op, Unknown("op", v)); }},
    {"--backend", true, [](O o, V v) { return ReadEnum(v, &o.backend, Unknown("backend", v)); }},
    {"--type", true,
     [](O o, V v) { return ReadEnum(v, &o.type, Unknown("type", v, " (int32 or float32)")); }},
    {"--convert", false, [](O o, V) { return On(&o.convert); }},
    // View
    {"--theme", true, [](O o, V v) { return ReadEnum(v, &o.theme, Unknown("theme", v)); }},
    {"--mistake", true, MistakeFlag},
    {"--thread-order", true, ThreadOrderFlag},
    {"--panel", true, PanelFlag},
    {"--tile-size", true, TileSizeFlag},
    {"--tile-order", true,
     [](O o, V v) {
       return ReadEnum(v, &o.tile_order,
                       std::string("--tile-order '") + v + "': choose blockidx or ticket");
     }},
    {"--bench-results", true,
     [](O o, V v) { return FileName(&o.bench_results, "--bench-results", v); }},
    {"--bench-type", true, BenchTypeFlag},
    {"--bench-mode", true,
     [](O o, V v) {
       return OneOf(v, "inclusive", "exclusive", &o.bench_exclusive,
                    Unknown("mode", v, " (inclusive or exclusive)"));
     }},
    {"--bench-plot", true,
     [](O o, V v) {
       return OneOf(v, "gbps", "pct", &o.bench_pct,
                    Unknown("plot", v, " (gbps or pct: % of memcpy)"));
     }},
    // The chart across GPUs (issue #36): every GPU count, or one.
    {"--bench-gpus", true,
     [](O o, V v) {
       if (std::string_view(v) == "all") {
         o.bench_gpus = 0;
         return std::string();
       }
       int count = 0;
       std::string err =
           ReadInt(v, 1, 1 << 16, &count, "--bench-gpus: choose all or a GPU count (1 or more)");
       if (err.empty()) o.bench_gpus = count;
       return err;
     }},
    {"--side-by-side", false,
     [](O o, V) {
       o.ShowImplied("--side-by-side");
       return std::string();
     }},
    {"--kind", true, KindFlag},
    {"--pair", true, PairFlag},
    {"--only-current", false, [](O o, V) { return On(&o.only_current); }},
    {"--bank-padding", false, [](O o, V) { return On(&o.bank_padding); }},
    {"--case-colors", false, [](O o, V) { return On(&o.case_colors); }},
    {"--presenter", false, [](O o, V) { return On(&o.presenter); }},
    {"--keys", false, [](O o, V) { return On(&o.show_keys); }},
    {"--qr", false, [](O o, V) { return On(&o.show_qr); }},
    {"--select", true,
     [](O o, V v) -> std::string {
       o.select = ParseCell(v);
       if (o.select) return {};
       return "--select takes ROUND:BUFFER:POS or input:POS";
     }},
    {"--quiz", true,
     [](O o, V v) -> std::string {
       if (*v == '\0') return "--quiz needs a quiz set's name or file";
       return Text(&o.quiz, v);
     }},
    {"--open", true, [](O o, V v) { return FileName(&o.open, "--open", v); }},
    // Headless modes and exports
    {"--screenshot", true, [](O o, V v) { return FileName(&o.screenshot, "--screenshot", v); }},
    {"--round", true,
     [](O o, V v) {
       return ReadInt(v, 0, INT_MAX, &o.round, "--round takes a non-negative integer");
     }},
    {"--size", true, SizeFlag},
    {"--export-png", true,
     [](O o, V v) { return FileName(&o.export_request.png, "--export-png", v); }},
    {"--export-svg", true,
     [](O o, V v) { return FileName(&o.export_request.svg, "--export-svg", v); }},
    {"--export-gif", true,
     [](O o, V v) { return FileName(&o.export_request.gif, "--export-gif", v); }},
    {"--export-sequence", true,
     [](O o, V v) { return FileName(&o.export_request.sequence_dir, "--export-sequence", v); }},
    {"--export-size", true,
     [](O o, V v) -> std::string {
       o.export_size = exports::ParseSize(v);
       if (o.export_size) return {};
       return "--export-size takes WxH (320x240 up to 8192x8192)";
     }},
    {"--transparent", false, [](O o, V) { return On(&o.transparent); }},
    {"--gif-delay-ms", true,
     [](O o, V v) {
       return ReadInt(v, 20, exports::kMaxDelayMs, &o.gif_delay_ms,
                      "--gif-delay-ms takes 20..60000");
     }},
    {"--state-file", true, [](O o, V v) { return OutputName(&o.state_file, "--state-file", v); }},
    {"--dump-layout", true, [](O o, V v) { return FileName(&o.dump_layout, "--dump-layout", v); }},
    {"--bench-frames", true,
     [](O o, V v) {
       return ReadInt(v, 1, INT_MAX, &o.bench_frames, "--bench-frames takes a positive integer");
     }},
    {"--time-startup", false, [](O o, V) { return On(&o.time_startup); }},
    {"--data-dir", false, [](O o, V) { return On(&o.data_dir); }},
};

const Flag* FindFlag(std::string_view name) {
  for (const Flag& f : kFlags)
    if (name == f.name) return &f;
  return nullptr;
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

Options ParseOptions(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc && o.error.empty(); ++i) {
    const std::string_view a = argv[i];
    const Flag* flag = FindFlag(a);
    if (flag == nullptr) {
      if (!a.empty() && a[0] != '-' && o.open.empty()) {
        o.open = std::string(a);  // `scanviz lecture.scanviz`, as a file manager starts it
      } else {
        o.error = "unknown option '" + std::string(a) + "' (see --help)";
      }
      continue;
    }
    if (flag->takes_value && i + 1 >= argc) {
      o.error = std::string(a) + " needs a value";
      break;
    }
    o.error = flag->apply(o, flag->takes_value ? argv[++i] : nullptr);
  }
  if (o.error.empty() && o.input && o.random_n)
    o.error = "give either --input or --random, not both";
  if (o.error.empty()) o.error = CheckExportFlags(o);
  return o;
}

}  // namespace scanviz
