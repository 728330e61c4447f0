// A session (.scanviz): what a teacher hands students after a lecture, so that they open the same
// figure: the input, the algorithm, operator, type and conversion, the round on screen, the view
// options, and (version 2) the multi-block grid, the applications or the single-pass timeline
// with their settings and step; (version 3) every kind's whole view: both panes' rounds side by
// side, the benchmark chart and its choices, a quiz at its question, the folded panels, the
// panels' tabs' options, the mistakes lab's choice, and for an input made by Random the generator
// in place of the values. When the figure came from a trace file (a GPU's recording, say),
// the session carries that trace, so a laptop without a GPU replays what the GPU did.
//
// JSON, written atomically; read with the same limits as a trace (size, nesting), every field
// checked: a file the app did not write gives one message naming what is wrong, never a crash.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/applications/applications.h"
#include "core/grid/single_pass.h"
#include "core/mistake.h"
#include "core/multi_gpu/multi_gpu.h"
#include "core/trace.h"
#include "scene/palette.h"
#include "state/settings.h"

namespace scanviz {

inline constexpr const char* kSessionFormat = "scanviz-session";
inline constexpr int kSessionVersion = 3;  // writes 3; reads 1 (no modes), 2 (no v3 fields), 3

// An input made by Random (AppState::Randomize, or n raised, which adds random values from the
// seed: Resize): `head`'s values (what was there before n was raised; none after Randomise),
// then RandomValues(n, seed, type, lo, hi) from there on. Written in place of the values (a 2^16
// grid's link stays short). `check` is a hash of all the values' bits: a build whose random
// numbers differ refuses it, never showing other values than the ones shared.
struct RandomInput {
  int n = 0;
  std::uint64_t seed = 1;
  int lo = 0, hi = 9;
  std::string head;  // FormatValues of the first values, "" for none
  std::uint32_t check = 0;
};
// The values a generator makes: `head` (parsed as `type`), then the generator's from there on.
// Empty when head does not parse or holds n values or more.
std::vector<double> GeneratedValues(const RandomInput& r, ElementType type);
std::uint32_t ValuesCheck(const std::vector<double>& values);  // FNV-1a over the doubles' bits

// A side panel's fold (ViewState::Fold): as the layout leaves it, folded, or unfolded in a narrow
// window.
enum class PanelFold : std::uint8_t { kAuto, kFolded, kUnfolded };

struct Session {
  std::string input = "3,1,7,0,4,1,6,3";  // as FormatValues writes it; parses as `type`
  std::optional<RandomInput> random;      // version 3: the input's generator, when it has one
  ElementType type = ElementType::kInt32;
  OpKind op = OpKind::kAdd;
  bool convert = false;
  Algorithm algorithm = Algorithm::kHillisSteele;
  int round = -1;  // the round on screen; -1: the last
  std::uint64_t seed = 1;
  // View options.
  // The kind shown, by its key (state/kind_id.h), for a kind that has no field of its own below
  // (one added since version 3); empty otherwise, and then not written.
  std::string kind;
  bool side_by_side = false;
  Algorithm left = Algorithm::kHillisSteele, right = Algorithm::kBlelloch;
  bool only_current = false;
  bool color_by_case = false;
  scene::Theme theme = scene::Theme::kDark;
  SidePanel panel = SidePanel::kInspector;
  float figure_scale = 1.0f;
  // Version 3's view: side by side, each pane's round (-1: the last); the folds; the panels'
  // options; the mistakes lab's mistake.
  int left_round = -1, right_round = -1;
  // Every algorithm's player's round (Tab shows the next algorithm on the round it was left on),
  // in the registry's order; empty: as the input leaves them.
  std::vector<std::pair<Algorithm, int>> player_rounds;
  PanelFold left_fold = PanelFold::kAuto, right_fold = PanelFold::kAuto;
  bool pseudo_code = false;
  int lanes_log2 = 5;  // 0..10
  bool bank_padding = false;
  Mistake mistake = Mistake::kNone;  // written "hillis-steele:no-barrier" (core/mistake.h)
  // What replaces the block scans' rounds, if anything, each mode's settings kept when it is
  // not shown. At most one of multi_block and application; the timeline (L) covers either.
  bool multi_block = false;                              // M: the grid
  Algorithm block_algorithm = Algorithm::kHillisSteele;  // each block's scan
  int block_size = 4;                                    // a power of two, 4..1024
  int grid_step = -1;                                    // the grid player's step; -1: the last
  bool application = false;
  ApplicationKind application_kind{};  // the first: compaction
  KeepRule keep;
  int split_bit = 0;   // 0..31
  int radix_bits = 0;  // 0: as many as the keys need; else 1..32
  int application_step = -1;
  bool timeline = false;  // L: the single-pass timeline
  int tile_size = 8;      // a power of two, 4..1024
  TileOrder tile_order = TileOrder::kBlockIdx;
  long long timeline_cursor = -1;  // the moment shown, ns; -1: the end
  // Version 3: the benchmark chart (BenchmarkState's bench_* choices) and a quiz in progress (a set
  // shipped with the app, by its file name, at its question).
  bool benchmark = false;
  bool bench_float = false, bench_exclusive = false, bench_pct = false;
  std::vector<std::string> bench_toggled;
  bool quiz = false;      // the Quiz panel shown
  std::string quiz_set;   // the set's file name in the data dir's quizzes/; empty: none
  int quiz_question = 0;  // the question it is at
  // The timeline's single-pass trace, when it came from a file (a GPU's recording): shown
  // instead of the simulator's schedule; its tiles are the timeline's tile size and order.
  std::optional<SinglePassTrace> single_pass;
  std::string single_pass_origin;  // the file it was opened from
  // Issue #36, the GPUs kind (D): shown, P simulated GPUs and the strategy, the moment shown
  // (ns; -1: the end), the GPU zoomed into (-1: none); and the multi-gpu trace it shows when that
  // came from a file (a GPU node's recording), carried as a single-pass trace is, with its file.
  bool gpus_shown = false;
  int gpus = 4;  // 1..kMaxGpus
  MultiGpuStrategy gpus_strategy = MultiGpuStrategy::kScanThenAdd;
  long long gpus_cursor = -1;
  int gpus_zoom = -1;
  std::optional<MultiGpuTrace> multi_gpu;
  std::string multi_gpu_origin;
  // The shown algorithm's trace, when it came from a file: replayed instead of simulated.
  std::optional<Trace> trace;
  std::string trace_origin;  // where that trace was recorded, as the status line says it
};

struct SessionLoad {
  std::optional<Session> session;
  std::string error;  // "field: what is wrong"; empty on success
};

SessionLoad ParseSession(std::string_view text);
SessionLoad LoadSession(const std::string& path);  // the error names the file
std::string SessionToJson(const Session& s);
// Writes atomically; refuses to replace what is not a regular file. Empty or the reason.
std::string SaveSession(const Session& s, const std::string& path);

// What a file handed to the app (opened, dropped, on the command line) holds, from its "format".
enum class FileKind { kSession, kTrace, kUnknown };
FileKind SniffFileKind(std::string_view text);

}  // namespace scanviz
