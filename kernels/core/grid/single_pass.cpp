#include "core/grid/single_pass.h"

#include <algorithm>
#include <cmath>

#include "core/analysis.h"
#include "core/grid/multi_block.h"
#include "core/grid/single_pass_steps.h"
#include "core/simulator.h"
#include "core/window_folder.h"

namespace scanviz {

const char* ToString(TileOrder order) {
  return order == TileOrder::kTicket ? "ticket" : "blockidx";
}

bool Parse(const std::string& key, TileOrder* order) {
  if (key == "blockidx") {
    *order = TileOrder::kBlockIdx;
  } else if (key == "ticket") {
    *order = TileOrder::kTicket;
  } else {
    return false;
  }
  return true;
}

GridRequest AsGridRequest(const SinglePassRequest& request) {
  GridRequest g;
  g.block_algorithm = request.block_algorithm;
  g.block_size = request.tile_size;
  g.op = request.op;
  g.type = request.type;
  g.input = request.input;
  g.convert = request.convert;
  return g;
}

std::string ValidateSinglePassRequest(const SinglePassRequest& request) {
  std::string error = ValidateGridRequest(AsGridRequest(request));
  // The grid's messages name its flag; a tile is a block's worth of elements.
  if (error.rfind("--block-size", 0) == 0) error.replace(0, 12, "--tile-size");
  return error;
}

int TileRecord::LookedBack() const {
  int n = 0;
  for (const LookRead& r : reads) n += r.flag != single_pass::kFlagX;
  return n;
}

bool SinglePassTrace::Inclusive() const { return Info(block_algorithm).inclusive != converted; }

int SinglePassTrace::TileElements(int t) const { return std::min(tile_size, N() - TileBegin(t)); }

std::int64_t SinglePassTrace::Span() const {
  std::int64_t end = 0;
  for (const TileRecord& t : tiles) end = std::max(end, t.end);
  return end;
}

SinglePassTrace MakeSinglePassTrace(const SinglePassRequest& request, const BackendInfo& backend) {
  const GridTrace g = MakeGridTrace(AsGridRequest(request), backend);
  SinglePassTrace t;
  t.block_algorithm = request.block_algorithm;
  t.tile_size = request.tile_size;
  t.op = request.op;
  t.type = request.type;
  t.identity = g.identity;
  t.converted = request.convert;
  t.order = request.order;
  t.backend = backend;
  t.input = request.input;
  return t;
}

namespace {

// A jitter of 0..rounds steps from the tile index (a fixed hash: the same schedule every run).
int Jitter(int tile, int rounds) {
  std::uint32_t h = static_cast<std::uint32_t>(tile) * 2654435761u;
  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  return static_cast<int>(h % static_cast<std::uint32_t>(rounds + 1));
}

template <class Op>
void Schedule(SinglePassTrace* trace, const std::vector<int>& rounds, int slots, Op op) {
  using T = typename Op::Value;
  namespace sp = single_pass;
  const int tiles = trace->TileCount();
  std::vector<std::uint64_t> status(static_cast<size_t>(tiles), sp::Pack(sp::kFlagX, T()));
  enum class Stage { kWaiting, kScanning, kLooking, kPublishing, kAdding, kDone };
  struct Run {
    Stage stage = Stage::kWaiting;
    std::int64_t until = 0;  // scanning: the step its scan ends
    sp::LookBack<T> look{};
  };
  std::vector<Run> run(static_cast<size_t>(tiles));
  std::vector<int> slot_of(static_cast<size_t>(tiles), -1);
  std::vector<int> free_slots;
  for (int s = std::min(slots, tiles) - 1; s >= 0; --s) free_slots.push_back(s);
  int next = 0, done = 0;
  std::vector<int> active;  // the resident tiles, in tile order
  std::vector<std::pair<int, std::uint64_t>> published;  // this step's stores, seen from the next
  for (std::int64_t now = 0; done < tiles; ++now) {
    while (next < tiles && !free_slots.empty()) {  // tiles start in order as slots free up
      TileRecord& r = trace->tiles[static_cast<size_t>(next)];
      r.sm = free_slots.back();
      free_slots.pop_back();
      r.start = now;
      Run& s = run[static_cast<size_t>(next)];
      s.stage = Stage::kScanning;
      s.until = now + rounds[static_cast<size_t>(next)] +
                Jitter(next, rounds[static_cast<size_t>(next)]);
      active.push_back(next);
      ++next;
    }
    for (const int t : active) {
      TileRecord& r = trace->tiles[static_cast<size_t>(t)];
      Run& s = run[static_cast<size_t>(t)];
      const T aggregate = static_cast<T>(r.aggregate);
      switch (s.stage) {
        case Stage::kWaiting:
        case Stage::kDone:
          break;
        case Stage::kScanning:
          if (now < s.until) break;
          published.emplace_back(t, sp::FirstPublication(t, aggregate));
          s.look = sp::StartLookBack<Op>(t);
          if (t == 0) {
            r.published_p = now;
            r.inclusive = r.aggregate;
            r.exclusive = static_cast<double>(Op::Identity());
            s.stage = Stage::kAdding;
          } else {
            r.published_a = now;
            s.stage = Stage::kLooking;
          }
          break;
        case Stage::kLooking: {
          const int p = s.look.predecessor;
          const std::uint64_t word = status[static_cast<size_t>(p)];
          const unsigned flag = sp::FlagOf(word);
          ++r.total_reads;
          if (flag == sp::kFlagX) ++r.waited;
          if (flag == sp::kFlagX && !r.reads.empty() && r.reads.back().flag == sp::kFlagX &&
              r.reads.back().predecessor == p) {
            ++r.reads.back().reads;
            r.reads.back().time = now;
          } else if (static_cast<int>(r.reads.size()) < kMaxRecordedReads) {
            r.reads.push_back({p, static_cast<int>(flag),
                               flag == sp::kFlagX ? 0.0 : static_cast<double>(sp::ValueOf<T>(word)),
                               now, 1});
          }
          s.look = sp::LookStep(s.look, word, op);
          if (s.look.done) s.stage = Stage::kPublishing;
          break;
        }
        case Stage::kPublishing: {
          const std::uint64_t word = sp::PrefixPublication(s.look.exclusive, aggregate, op);
          published.emplace_back(t, word);
          r.published_p = now;
          r.exclusive = static_cast<double>(s.look.exclusive);
          r.inclusive = static_cast<double>(sp::ValueOf<T>(word));
          s.stage = Stage::kAdding;
          break;
        }
        case Stage::kAdding: {
          const int begin = trace->TileBegin(t), count = trace->TileElements(t);
          for (int i = begin; i < begin + count; ++i) {
            trace->output[static_cast<size_t>(i)] = static_cast<double>(sp::AddPrefixStep(
                s.look.exclusive, static_cast<T>(trace->tile_output[static_cast<size_t>(i)]), op));
          }
          r.end = now;
          s.stage = Stage::kDone;
          free_slots.push_back(r.sm);
          ++done;
          break;
        }
      }
    }
    for (const auto& [tile, word] : published) status[static_cast<size_t>(tile)] = word;
    published.clear();
    std::erase_if(active, [&](int t) { return run[static_cast<size_t>(t)].stage == Stage::kDone; });
  }
}

void Add(std::vector<std::string>* out, std::string what) {
  if (out->size() < 8) out->push_back(std::move(what));
}

Window Span(int lo, int hi) { return hi < lo ? EmptyWindow() : Range(lo, hi); }

}  // namespace

SinglePassTrace SimulateSinglePass(const SinglePassRequest& request, int slots) {
  SinglePassTrace trace = MakeSinglePassTrace(request, BackendInfo{});
  trace.measured = false;
  trace.clock = "simulated steps";
  const GridRequest grid = AsGridRequest(request);
  const int n = trace.N(), tiles = (n + request.tile_size - 1) / request.tile_size;
  trace.tiles.resize(static_cast<size_t>(tiles));
  trace.output.assign(static_cast<size_t>(n), 0.0);
  std::vector<int> rounds(static_cast<size_t>(tiles));
  for (int t = 0; t < tiles; ++t) {
    const Trace block = Simulate(BlockRequest(grid, t));
    const std::vector<double> result = block.Result();
    trace.tile_output.insert(trace.tile_output.end(), result.begin(), result.end());
    rounds[static_cast<size_t>(t)] = static_cast<int>(block.rounds.size());
    TileRecord& r = trace.tiles[static_cast<size_t>(t)];
    r.tile = r.block = t;
    DispatchOp(request.op, request.type, [&](auto op) {
      using T = typename decltype(op)::Value;
      r.aggregate = static_cast<double>(multi_block::BlockTotal(
          static_cast<T>(result.back()), static_cast<T>(block.input.back()), block.Inclusive(), op));
    });
  }
  DispatchOp(request.op, request.type,
             [&](auto op) { Schedule(&trace, rounds, std::max(1, slots), op); });
  return trace;
}

std::vector<std::string> CheckSinglePass(const SinglePassTrace& t) {
  std::vector<std::string> out;
  const int n = t.N();
  if (n < 1 || t.tile_size < 1) {
    Add(&out, "the trace holds no elements");
    return out;
  }
  const int tiles = (n + t.tile_size - 1) / t.tile_size;
  if (t.TileCount() != tiles || static_cast<int>(t.tile_output.size()) != n ||
      static_cast<int>(t.output.size()) != n) {
    Add(&out, "the trace does not hold " + std::to_string(tiles) + " tiles and " +
                  std::to_string(n) + " output cells");
    return out;
  }
  const bool inclusive = t.Inclusive();
  TraceMeta meta;
  meta.op = t.op;
  meta.type = t.type;
  meta.identity = t.identity;
  meta.n = meta.padded_n = n;
  const WindowFolder folder(meta, t.input);
  auto want = [&](Window w) { return FormatValue(t.type, folder.Fold(w)); };
  const std::int64_t skew = t.measured ? kTimerSkewNs : 0;
  for (int k = 0; k < tiles; ++k) {
    const TileRecord& r = t.tiles[static_cast<size_t>(k)];
    const std::string tile = "tile " + std::to_string(k);
    const int begin = t.TileBegin(k), count = t.TileElements(k);
    if (r.tile != k) Add(&out, tile + ": recorded as tile " + std::to_string(r.tile));
    for (int i = 0; i < count; ++i) {
      const Window w = Span(begin, begin + i - (inclusive ? 0 : 1));
      if (!folder.Matches(w, t.tile_output[static_cast<size_t>(begin + i)])) {
        Add(&out, tile + ": its own scan at " + std::to_string(begin + i) + " should be " + want(w));
        break;
      }
    }
    const Window own = Span(begin, begin + count - 1);
    if (!folder.Matches(own, r.aggregate))
      Add(&out, tile + ": its aggregate should be the combination of its elements, " + want(own));
    const Window before = Span(0, begin - 1), through = Span(0, begin + count - 1);
    if (!folder.Matches(before, r.exclusive))
      Add(&out, tile + ": the look-back should gather every earlier element, " + want(before));
    if (!folder.Matches(through, r.inclusive))
      Add(&out, tile + ": its inclusive prefix (P) should be " + want(through));
    // The reads: from tile - 1 back, one tile at a time, ending at a P; each saw what was published.
    const bool truncated = r.total_reads > static_cast<int>(r.reads.size()) &&
                           static_cast<int>(r.reads.size()) >= kMaxRecordedReads;
    int expect = k - 1;
    bool met_p = k == 0;
    std::int64_t last_time = r.published_a;
    for (size_t j = 0; j < r.reads.size() && !met_p; ++j) {
      const LookRead& read = r.reads[j];
      const std::string at = tile + ", read " + std::to_string(j);
      if (read.predecessor != expect || read.predecessor < 0) {
        Add(&out, at + ": read tile " + std::to_string(read.predecessor) + ", expected tile " +
                      std::to_string(expect));
        break;
      }
      if (read.time < last_time) Add(&out, at + ": read before the read or publication before it");
      last_time = read.time;
      const TileRecord& p = t.tiles[static_cast<size_t>(read.predecessor)];
      if (read.flag == single_pass::kFlagA) {
        if (read.value != p.aggregate && !(std::isnan(read.value) && std::isnan(p.aggregate)))
          Add(&out, at + ": saw A with " + FormatValue(t.type, read.value) + ", but tile " +
                        std::to_string(p.tile) + "'s aggregate is " +
                        FormatValue(t.type, p.aggregate));
        if (p.published_a < 0 || read.time + skew < p.published_a)
          Add(&out, at + ": saw A before tile " + std::to_string(p.tile) + " published it");
        --expect;
      } else if (read.flag == single_pass::kFlagP) {
        if (read.value != p.inclusive && !(std::isnan(read.value) && std::isnan(p.inclusive)))
          Add(&out, at + ": saw P with " + FormatValue(t.type, read.value) + ", but tile " +
                        std::to_string(p.tile) + " published " + FormatValue(t.type, p.inclusive));
        if (read.time + skew < p.published_p)
          Add(&out, at + ": saw P before tile " + std::to_string(p.tile) + " published it");
        met_p = true;
      } else if (read.flag != single_pass::kFlagX || read.reads < 1) {
        Add(&out, at + ": an unknown flag");
        break;
      }
    }
    if (!met_p && !truncated) Add(&out, tile + ": its look-back never met an inclusive prefix (P)");
    if (!truncated && k > 0) {  // the exclusive prefix is what the reads gathered, in order
      DispatchOp(t.op, t.type, [&](auto op) {
        using T = typename decltype(op)::Value;
        T gathered = decltype(op)::Identity();
        for (const LookRead& read : r.reads)
          if (read.flag != single_pass::kFlagX) gathered = op(static_cast<T>(read.value), gathered);
        if (static_cast<double>(gathered) != r.exclusive &&
            !(std::isnan(r.exclusive) && std::isnan(static_cast<double>(gathered))))
          Add(&out, tile + ": the reads gather " + FormatValue(t.type, static_cast<double>(gathered)) +
                        ", not the exclusive prefix " + FormatValue(t.type, r.exclusive));
      });
    }
    if (r.start > r.published_p || (k > 0 && (r.published_a < r.start ||
                                               r.published_a > r.published_p)) ||
        r.published_p > r.end)
      Add(&out, tile + ": its times are out of order (start, A, P, end)");
  }
  for (int i = 0; i < n; ++i) {
    const Window w = Span(0, i - (inclusive ? 0 : 1));
    if (!folder.Matches(w, t.output[static_cast<size_t>(i)])) {
      Add(&out, "output[" + std::to_string(i) + "] should hold the scan of the prefix up to it, " +
                    want(w) + ", not " + FormatValue(t.type, t.output[static_cast<size_t>(i)]));
      break;
    }
  }
  return out;
}

SinglePassSummary Summarize(const SinglePassTrace& trace) {
  SinglePassSummary s;
  s.tiles = trace.TileCount();
  long long looked = 0;
  std::int64_t latest_start = -1;
  for (const TileRecord& r : trace.tiles) {
    if (r.waited > 0) ++s.tiles_that_waited;
    if (r.waited > s.longest_wait) {
      s.longest_wait = r.waited;
      s.longest_wait_tile = r.tile;
    }
    s.max_looked_back = std::max(s.max_looked_back, r.LookedBack());
    looked += r.LookedBack();
    if (r.start < latest_start) ++s.out_of_order;
    latest_start = std::max(latest_start, r.start);
    for (const LookRead& read : r.reads) {
      if (read.flag == single_pass::kFlagX || read.predecessor < 0 ||
          read.predecessor >= s.tiles)
        continue;
      const TileRecord& p = trace.tiles[static_cast<size_t>(read.predecessor)];
      const std::int64_t published = read.flag == single_pass::kFlagA ? p.published_a : p.published_p;
      s.clock_skew = std::max(s.clock_skew, published - read.time);
    }
  }
  s.mean_looked_back = s.tiles > 1 ? static_cast<double>(looked) / (s.tiles - 1) : 0.0;
  return s;
}

}  // namespace scanviz
