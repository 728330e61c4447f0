// The single-pass timeline's numbers counted again from the trace's own records, the long way
// round, for the tests of what the app says about a timeline: the summary line, the caption and
// the narration (issue #25: a summary number computed over the wrong count passed every test).
#pragma once

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/any_trace_io.h"
#include "core/grid/single_pass.h"
#include "core/grid/single_pass_steps.h"

namespace scanviz::testing {

struct SinglePassCounts {
  int tiles = 0;
  int waited = 0;  // tiles that spent time on a predecessor at X
  std::int64_t longest_wait = 0;
  int longest_wait_tile = -1;  // the first tile with the longest wait
  int max_looked_back = 0;     // the most A or P reads of one tile
  long long looked_back = 0;   // A and P reads of every tile
  int out_of_order = 0;        // tiles that started before some lower-numbered tile
  // The mean over the tiles that look back: every tile but tile 0, which publishes P at once.
  double MeanLookedBack() const {
    return tiles > 1 ? static_cast<double>(looked_back) / (tiles - 1) : 0.0;
  }
};

inline SinglePassCounts CountSinglePass(const SinglePassTrace& t) {
  SinglePassCounts c;
  c.tiles = static_cast<int>(t.tiles.size());
  for (int k = 0; k < c.tiles; ++k) {
    const TileRecord& r = t.tiles[static_cast<size_t>(k)];
    if (r.waited > 0) ++c.waited;
    if (r.waited > c.longest_wait) {
      c.longest_wait = r.waited;
      c.longest_wait_tile = k;
    }
    int back = 0;
    for (const LookRead& read : r.reads)
      back += read.flag == single_pass::kFlagA || read.flag == single_pass::kFlagP;
    c.looked_back += back;
    if (back > c.max_looked_back) c.max_looked_back = back;
    bool before = false;
    for (int j = 0; j < k; ++j) before |= r.start < t.tiles[static_cast<size_t>(j)].start;
    c.out_of_order += before;
  }
  return c;
}

// How many tiles show P, A and X at time t: P from its inclusive prefix's publication on, A from
// its aggregate's (a tile that published none goes from X to P).
inline std::string CountedCaption(const SinglePassTrace& t, std::int64_t at) {
  int p = 0, a = 0, x = 0;
  for (const TileRecord& r : t.tiles) {
    if (at >= r.published_p)
      ++p;
    else if (r.published_a >= 0 && at >= r.published_a)
      ++a;
    else
      ++x;
  }
  return "at " + std::to_string(at) + (t.measured ? " ns" : " steps") + ": " + std::to_string(p) +
         " P, " + std::to_string(a) + " A, " + std::to_string(x) + " X";
}

// Simulated timelines of sizes that are and are not a multiple of the tile, one tile, many tiles,
// both orders and both classic block scans: some wait, some look back past an aggregate.
inline std::vector<SinglePassTrace> SinglePassCases() {
  std::vector<SinglePassTrace> out;
  std::mt19937_64 rng(25);
  for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    for (TileOrder order : {TileOrder::kBlockIdx, TileOrder::kTicket}) {
      for (auto [n, tile] : {std::pair{32, 4}, {30, 4}, {13, 8}, {8, 8}, {3, 4}, {1000, 16}}) {
        SinglePassRequest r;
        r.block_algorithm = a;
        r.tile_size = tile;
        r.order = order;
        for (int i = 0; i < n; ++i) r.input.push_back(static_cast<double>(rng() % 19) - 9);
        out.push_back(SimulateSinglePass(r));
      }
    }
  }
  // On a GPU in blockIdx order the starts can go down and up again: tile 1 before tile 0, tile 2
  // after tile 1 but still before tile 0 (started before a lower-numbered tile, not the one before
  // it). The simulator's schedule never does this; the summary reads only the records.
  SinglePassRequest r;
  r.tile_size = 4;
  r.input.assign(12, 1);
  SinglePassTrace shuffled = SimulateSinglePass(r);
  shuffled.tiles[0].start = 2;
  shuffled.tiles[1].start = 0;
  shuffled.tiles[2].start = 1;
  out.push_back(shuffled);
  return out;
}

// The cases above, then the H200's 8x8 recordings in both orders (docs/single-pass/); empty when
// one does not load (the caller asserts on the count).
inline std::vector<SinglePassTrace> SinglePassCasesAndRecordings(const std::string& source_dir) {
  std::vector<SinglePassTrace> out = SinglePassCases();
  for (const char* file : {"single-pass-8x8-ticket.json", "single-pass-8x8-blockidx.json"}) {
    const AnyTraceLoad h200 = LoadAnyTraceFile(source_dir + "/docs/single-pass/" + file);
    if (!h200.single_pass) return {};
    out.push_back(*h200.single_pass);
  }
  return out;
}

}  // namespace scanviz::testing
