// The command line: the CLI's input flags, the view flags and the headless modes (--help,
// usage.cpp, lists them). Parsed by options.cpp, one row per flag; applied to the app's state by
// apply_options.cpp. No GL, no ImGui.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "backend/backend.h"
#include "core/applications/application_kind.h"
#include "core/grid/single_pass.h"
#include "core/simulator.h"
#include "core/trace.h"
#include "export/export_plan.h"
#include "state/kind_id.h"
#include "scene/grid_scene.h"
#include "scene/palette.h"
#include "scene/scene.h"
#include "state/settings.h"

namespace scanviz {

class AppState;

struct Options {
  std::optional<Algorithm> algorithm;
  // What the centre shows: --kind KEY, or --algorithm multi-block, --app, --panel bench|timeline,
  // --side-by-side and --pair; when several are given, the one that covered the others on screen
  // in earlier versions (benchmark, timeline, application, grid, side by side).
  std::optional<KindId> kind;
  std::optional<Algorithm> block_algorithm;  // --block-algorithm: any algorithm of the registry
  std::optional<int> block_size;             // --block-size B (a power of two, 4..1024)
  std::optional<int> open_block;             // --open-block B: block B of the grid, opened
  std::optional<ApplicationKind> application;  // --app KEY: the applications view with KEY
  std::string keep;                          // --keep odd|even|positive|nonzero|greater:K
  std::optional<int> bit;                    // --bit K (split)
  std::optional<int> bits;                   // --bits K (radix sort)
  std::optional<scene::GridCellRef> grid_select;  // --grid-select ROW:POS[:LEVEL]
  std::optional<std::string> input;
  std::optional<int> random_n;
  std::uint64_t seed = 1;
  std::optional<OpKind> op;
  std::optional<BackendChoice> backend;
  std::optional<scene::Theme> theme;
  std::optional<ElementType> type;  // --type int32|float32
  bool convert = false;             // --convert: the traced inclusive/exclusive conversion round
  std::string mistake;              // --mistake KEY: the mistakes lab (of the shown algorithm)
  std::optional<SimulatorOptions> thread_order;  // --thread-order in-order|reverse|random:S|...
  std::optional<SidePanel> panel;   // --panel inspector|...|warps-banks
  std::optional<int> tile_size;     // --tile-size B: the single-pass timeline's tiles
  std::optional<TileOrder> tile_order;  // --tile-order blockidx|ticket
  bool bench_float = false,
       bench_exclusive = false;  // --bench-type float32, --bench-mode exclusive
  bool bench_pct = false;        // --bench-plot pct: % of memcpy (else gbps)
  std::optional<int> bench_gpus;  // --bench-gpus all|P: the chart across GPUs (0: every count)
  std::string bench_results;     // --bench-results FILE

  std::string screenshot;     // --screenshot PNG: render one frame and exit
  std::optional<int> round;   // --round K (default: the last round)
  int width = 0, height = 0;  // --size WxH
  std::string dump_layout;    // --dump-layout FILE: cells and panels (rectangles, text), JSON
  int bench_frames = 0;       // --bench-frames N
  bool time_startup = false;
  std::string open;           // FILE or --open FILE: a session or a trace, opened first
  std::string quiz;           // --quiz FILE: start in Quiz mode with this set (docs/quizzes.md)
  std::string state_file;     // --state-file FILE: the live app's state after each change (tests)
  bool only_current = false, case_colors = false, presenter = false;
  bool show_keys = false;  // --keys: the key help (F1) open
  bool show_qr = false;    // --qr: View > Show QR code open
  // --bank-padding: the Warps & banks tab's padding switch on
  bool bank_padding = false;
  std::optional<std::pair<Algorithm, Algorithm>> pair;  // --pair LEFT,RIGHT (side by side)
  std::optional<scene::CellRef> select;  // --select ROUND:BUFFER:POS (or input:POS)

  bool data_dir = false;  // --data-dir: print where the data are read from, exit
  // --export-png FILE, --export-svg FILE, --export-gif FILE, --export-sequence DIR: write the
  // figure and exit (figure_export.h); the request's round is --round's.
  exports::ExportRequest export_request;
  std::optional<exports::Size> export_size;  // --export-size WxH (default: the window's)
  bool transparent = false;                  // --transparent: PNG and SVG without a background
  std::optional<int> gif_delay_ms;           // --gif-delay-ms N

  bool help = false;
  std::string error;
  void Show(KindId k);  // kind = k, unless a kind that covers k is set (KindEntry::cover)
  // Shows the kinds whose entries name `flag`, or `flag`=`value` (KindEntry::implied_by); false:
  // none does.
  bool ShowImplied(std::string_view flag, std::string_view value = {});
  bool Exporting() const { return export_request.Any(); }
  bool Headless() const {
    return !screenshot.empty() || bench_frames > 0 || time_startup || Exporting();
  }
};

// The flags in argv; Options::error says why not (the first bad flag), --help aside.
Options ParseOptions(int argc, char** argv);
// --help: every flag, with the algorithms, block algorithms, applications and kinds of the
// registries.
std::string UsageText();
// Sets what the flags say on the app's state (apply_options.cpp): a FILE first, then the flags
// over it. Returns why FILE (or --keep, or --quiz) failed, or empty.
std::string ApplyOptions(AppState& st, const Options& opt);

}  // namespace scanviz
