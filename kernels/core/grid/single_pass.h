// The single-pass scan with decoupled look-back (core/grid/single_pass_steps.h), recorded as a
// class watches it: per tile, when it started, published its aggregate (A), published its
// inclusive prefix (P) and finished, which predecessors it read and what flag it saw each time,
// and how long it waited on tiles that had published nothing yet. On the GPU the times are
// measured (%globaltimer, with the SM each tile ran on); the simulator gives the same values with a
// schedule of its own, which the trace says is simulated, never measured.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/grid/grid.h"
#include "core/registry.h"
#include "core/trace.h"

namespace scanviz {

inline constexpr const char* kSinglePassKey = "single-pass";

// Which tile a block scans: its blockIdx.x, or a ticket taken from an atomic counter when it
// starts. CUDA does not promise that blocks start in blockIdx order; with tickets every tile's
// predecessors have started before it, so a look-back always finds them running.
enum class TileOrder : std::uint8_t { kBlockIdx, kTicket };
const char* ToString(TileOrder order);
bool Parse(const std::string& key, TileOrder* order);

struct SinglePassRequest {
  Algorithm block_algorithm = Algorithm::kHillisSteele;  // each tile's own scan
  int tile_size = 8;  // elements per tile (one tile per block): a power of two in 4..1024
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;
  std::vector<double> input;  // 1..kMaxGridElements values
  TileOrder order = TileOrder::kBlockIdx;
  bool convert = false;  // the tiles' scans convert to the other flavour
  // A prefix carried in from elements before this input (a shard of the scan across GPUs, reduce
  // then scan): tile 0's exclusive prefix, so every output has it in front. None: the identity.
  std::optional<double> carry_in;
};

// Empty if the request can run; else one line naming what is wrong.
std::string ValidateSinglePassRequest(const SinglePassRequest& request);
// The multi-block request with the same tiles: its block scans are the tiles' own scans.
GridRequest AsGridRequest(const SinglePassRequest& request);

// Look-back reads kept per tile; a longer look-back keeps its first ones and counts the rest.
inline constexpr int kMaxRecordedReads = 64;

// One read of a predecessor's status word; consecutive reads that saw X are one entry.
struct LookRead {
  int predecessor = 0;
  int flag = 0;      // single_pass::Flag: X, A or P
  double value = 0;  // what the word held (A: the aggregate; P: the inclusive prefix; X: nothing)
  std::int64_t time = 0;  // when it was read (the last of the X reads it stands for)
  int reads = 1;          // how many reads this entry stands for (X: the spins)
};

struct TileRecord {
  int tile = 0;
  int block = 0;  // the blockIdx.x that scanned it (equal to tile in blockIdx order)
  int sm = -1;    // the SM it ran on (GPU); the simulator's slot otherwise
  // Times from the trace's clock, relative to the first tile's start.
  std::int64_t start = 0, published_a = -1, published_p = 0, end = 0;
  std::int64_t waited = 0;  // time spent reading predecessors that showed X
  double aggregate = 0;     // the combination of the tile's elements
  double exclusive = 0;     // what the look-back gathered: every earlier element
  double inclusive = 0;     // published with P
  std::vector<LookRead> reads;
  int total_reads = 0;  // every read, including X spins and reads past kMaxRecordedReads
  int LookedBack() const;  // how many predecessors it read (the distance to the P it met)
};

struct SinglePassTrace {
  Algorithm block_algorithm = Algorithm::kHillisSteele;
  int tile_size = 0;
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;
  double identity = 0;
  bool converted = false;
  TileOrder order = TileOrder::kBlockIdx;
  BackendInfo backend;
  bool measured = false;           // times from the GPU's clock (else the simulator's schedule)
  std::string clock;               // "ns (%globaltimer)" or "simulated steps"
  std::optional<double> carry_in;  // the prefix carried into tile 0 (SinglePassRequest's)
  std::vector<double> input;
  std::vector<double> tile_output;  // each tile's own scan (before its prefix is added)
  std::vector<TileRecord> tiles;    // by tile index
  std::vector<double> output;

  int N() const { return static_cast<int>(input.size()); }
  int TileCount() const { return static_cast<int>(tiles.size()); }
  bool Inclusive() const;
  int TileBegin(int t) const { return t * tile_size; }
  int TileElements(int t) const;
  std::int64_t Span() const;  // the last tile's end
};

SinglePassTrace MakeSinglePassTrace(const SinglePassRequest& request, const BackendInfo& backend);

// The simulator: each tile's scan is the single-block simulator on its slice (the block scan's
// driver and steps); the look-back runs single_pass_steps.h on a schedule that models the GPU:
// `slots` tiles resident at once (started in tile order as slots free up), each of its scan's
// rounds one step plus a jitter of 0..rounds steps drawn from the tile index (so that some tiles
// finish late and their successors wait, as on a GPU), each status read or publication one step.
inline constexpr int kSimulatedSlots = 4;
SinglePassTrace SimulateSinglePass(const SinglePassRequest& request, int slots = kSimulatedSlots);

// %globaltimer is one clock for the whole GPU, but each SM reads its own copy of it: a read on one SM
// can carry a time a little before the time another SM took just before its store (on the H200,
// a few hundred ns). A measured trace's causality (a read after the publication it saw) is held to
// this margin; a simulated one exactly.
inline constexpr std::int64_t kTimerSkewNs = 2000;

// What must hold, from the trace's own values: every tile's scan is the scan of its elements,
// its aggregate their combination; every read it recorded saw what its predecessor published
// (A: that tile's aggregate, P: its inclusive prefix), the reads go back one tile at a time and
// end at a P, the exclusive prefix is the combination of what they read; the published P is the
// combination of everything up to the tile's end; the output is the sequential scan; and the times
// are ordered (start <= A <= P <= end, a P read after the P was published). Empty when all hold.
std::vector<std::string> CheckSinglePass(const SinglePassTrace& trace);

// What the timeline shows, summed up: the longest wait, how far tiles looked back, how many waited.
struct SinglePassSummary {
  int tiles = 0;
  int tiles_that_waited = 0;
  std::int64_t longest_wait = 0;
  int longest_wait_tile = -1;
  int max_looked_back = 0;
  double mean_looked_back = 0;
  int out_of_order = 0;  // tiles that started before a lower-numbered tile
  // The most a read's time lies before the publication it saw (> 0: the SMs' timer copies differ).
  std::int64_t clock_skew = 0;
};
SinglePassSummary Summarize(const SinglePassTrace& trace);

}  // namespace scanviz
