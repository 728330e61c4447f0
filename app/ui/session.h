// A session (.scanviz): what a teacher hands students after a lecture, so that they open the same
// figure: the input, the algorithm, operator, type and conversion, the round on screen, the view
// options, and (version 2) the multi-block grid, the applications or the single-pass timeline
// with their settings and step. When the figure came from a trace file (a GPU's recording, say),
// the session carries that trace, so a laptop without a GPU replays what the GPU did.
//
// JSON, written atomically; read with the same limits as a trace (size, nesting), every field
// checked: a file the app did not write gives one message naming what is wrong, never a crash.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/applications/applications.h"
#include "core/grid/single_pass.h"
#include "core/trace.h"
#include "scene/palette.h"
#include "settings.h"

namespace scanviz {

inline constexpr const char* kSessionFormat = "scanviz-session";
inline constexpr int kSessionVersion = 2;  // writes 2; reads 1 (no modes) and 2

struct Session {
  std::string input = "3,1,7,0,4,1,6,3";  // as FormatValues writes it; parses as `type`
  ElementType type = ElementType::kInt32;
  OpKind op = OpKind::kAdd;
  bool convert = false;
  Algorithm algorithm = Algorithm::kHillisSteele;
  int round = -1;  // the round on screen; -1: the last
  std::uint64_t seed = 1;
  // View options.
  bool side_by_side = false;
  Algorithm left = Algorithm::kHillisSteele, right = Algorithm::kBlelloch;
  bool only_current = false;
  bool color_by_case = false;
  scene::Theme theme = scene::Theme::kDark;
  SidePanel panel = SidePanel::kInspector;
  float figure_scale = 1.0f;
  // What replaces the block scans' rounds, if anything, each mode's settings kept when it is
  // not shown. At most one of multi_block and application; the timeline (L) covers either.
  bool multi_block = false;                              // M: the grid
  Algorithm block_algorithm = Algorithm::kHillisSteele;  // each block's scan
  int block_size = 4;                                    // a power of two, 4..1024
  int grid_step = -1;                                    // the grid player's step; -1: the last
  bool application = false;
  ApplicationKind application_kind = ApplicationKind::kCompact;
  KeepRule keep;
  int split_bit = 0;   // 0..31
  int radix_bits = 0;  // 0: as many as the keys need; else 1..32
  int application_step = -1;
  bool timeline = false;  // L: the single-pass timeline
  int tile_size = 8;      // a power of two, 4..1024
  TileOrder tile_order = TileOrder::kBlockIdx;
  long long timeline_cursor = -1;  // the moment shown, ns; -1: the end
  // The timeline's single-pass trace, when it came from a file (a GPU's recording): shown
  // instead of the simulator's schedule; its tiles are the timeline's tile size and order.
  std::optional<SinglePassTrace> single_pass;
  std::string single_pass_origin;  // the file it was opened from
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
