#include "teach/single_pass_teach.h"

#include <cstdio>
#include <map>
#include <mutex>
#include <tuple>

#include "core/registry.h"
#include "core/simulator.h"
#include "teach/work_depth.h"

namespace scanviz::teach {
namespace {

std::string Plural(long long n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string Fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// Operator applications of one tile's own scan of `elements` (its conversion included), counted
// on a simulated trace: they depend on the algorithm, the size and the conversion alone. The
// panel narrates every frame, so each is simulated once per process.
int TileScanWork(Algorithm algorithm, bool convert, int elements) {
  static std::mutex mutex;
  static std::map<std::tuple<Algorithm, bool, int>, int> memo;
  const std::tuple<Algorithm, bool, int> key{algorithm, convert, elements};
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
  }
  ScanRequest request{algorithm, OpKind::kAdd, ElementType::kInt32,
                      std::vector<double>(static_cast<size_t>(elements), 0.0), convert};
  const int work = CountWorkDepth(Simulate(request)).work;
  std::lock_guard<std::mutex> lock(mutex);
  memo.emplace(key, work);
  return work;
}

// The work, counted from the trace's tiles: each tile's own scan; the look-back's combinations
// (one per aggregate or prefix read, and one to join the gathered prefix to the tile's aggregate
// for P); one per element to put a tile's exclusive prefix in front. Tile 0 has no prefix to put
// in front unless a carry comes in. Told per element too: it depends on the tiles' algorithm
// and size (a Hillis-Steele tile's scan does about log2 of its size per element).
std::string WorkSentence(const SinglePassTrace& t) {
  long long scans = 0, lookback = 0, prefix = 0;
  for (const TileRecord& r : t.tiles) {
    const int elements = t.TileElements(r.tile);
    scans += TileScanWork(t.block_algorithm, t.converted, elements);
    const bool has_prefix = r.tile > 0 || t.carry_in.has_value();
    lookback += r.LookedBack() + (has_prefix ? 1 : 0);
    prefix += has_prefix ? elements : 0;
  }
  const long long total = scans + lookback + prefix;
  const int n = t.N();
  return "The work: the tiles' own " + std::string(DisplayName(t.block_algorithm)) +
         " scans apply the operator " + Grouped(scans) + " times, the look-back " +
         Grouped(lookback) + " times, and putting each prefix in front of its tile's elements " +
         Grouped(prefix) + " times: " + Grouped(total) + " in all, about " +
         Fixed(n > 0 ? static_cast<double>(total) / n : 0.0) +
         " per element, against n - 1 = " + Grouped(n - 1) + " for a sequential loop.";
}

}  // namespace

SinglePassNarration NarrateSinglePass(const SinglePassTrace& t) {
  const SinglePassSummary s = Summarize(t);
  SinglePassNarration n;
  n.title = "Single pass · " + Plural(s.tiles, "tile", "tiles") + " of " +
            std::to_string(t.tile_size) + (t.measured ? " (measured)" : " (simulated)");
  n.paragraphs.push_back(
      "One kernel reads the input once and writes the output once. Each block scans one tile "
      "with the " +
      std::string(DisplayName(t.block_algorithm)) +
      " block scan, publishes its aggregate (flag A) in its status word, then looks back at "
      "the tiles before it, newest first, combining their aggregates until it meets an "
      "inclusive prefix (flag P). It adds what it gathered to its tile and publishes its own P.");
  std::string waits =
      s.tiles_that_waited == 0
          ? "No tile had to wait: every predecessor it read had already published."
          : Plural(s.tiles_that_waited, "tile", "tiles") + " of " + std::to_string(s.tiles) +
                " read a predecessor still at X (nothing published) and spun on it; the "
                "longest wait was tile " +
                std::to_string(s.longest_wait_tile) + "'s, " + std::to_string(s.longest_wait) +
                " " + t.clock + ".";
  n.paragraphs.push_back(waits);
  // Tile 0 has no predecessor: the mean is over the tiles after it, and one tile has none.
  const std::string looked =
      s.tiles == 1
          ? "The only tile has nothing before it to look back at. "
          : "A tile after the first looked back " + Fixed(s.mean_looked_back) +
                " tiles on average and at most " + Plural(s.max_looked_back, "tile", "tiles") +
                ": an aggregate (A) lets it skip a tile's own look-back, so no tile "
                "waits for the whole chain. ";
  n.paragraphs.push_back(looked + WorkSentence(t));
  n.paragraphs.push_back(
      t.order == TileOrder::kTicket
          ? "Ticket order: each block takes the next tile from an atomic counter when it "
            "starts, so every tile it waits on belongs to a block that is already running."
          : "blockIdx order: block b scans tile b. " + Plural(s.out_of_order, "tile", "tiles") +
                " started before a lower-numbered tile here. CUDA does not promise that a "
                "block waited on is running; the ticket order does.");
  n.paragraphs.push_back(
      t.measured ? "The times are the GPU's own clock (%globaltimer), read by each "
                   "tile as it ran."
                 : "The times are the simulator's schedule (" + std::to_string(kSimulatedSlots) +
                       " tiles resident at once), not a measurement: open a trace "
                       "recorded on a GPU to see real ones.");
  return n;
}

}  // namespace scanviz::teach
