#include "teach/single_pass_teach.h"

#include <cstdio>

#include "core/registry.h"

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
  n.paragraphs.push_back(
      "A tile looked back " + Fixed(s.mean_looked_back) + " tiles on average and at most " +
      Plural(s.max_looked_back, "tile", "tiles") +
      ": an aggregate (A) lets it skip a tile's own look-back, so no tile waits for the whole "
      "chain, and the work stays about n operator applications plus a few per tile.");
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
