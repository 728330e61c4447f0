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
  t.carry_in = request.carry_in;
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

// The simulator's schedule: `slots` resident tiles at a time (a free slot takes the next tile in
// order), each tile one stage per step: its scan (as many steps as its block scan's rounds, plus a
// jitter), then one status read per step, its P, the prefix added. A store is seen from the next
// step on.
template <class Op>
class Schedule {
 public:
  using T = typename Op::Value;

  Schedule(SinglePassTrace* trace, const std::vector<int>& rounds, int slots, Op op)
      : m_trace(*trace), m_rounds(rounds), m_op(op) {
    const auto tiles = static_cast<size_t>(trace->TileCount());
    m_status.assign(tiles, single_pass::Pack(single_pass::kFlagX, T()));
    m_run.resize(tiles);
    for (int s = std::min(slots, trace->TileCount()) - 1; s >= 0; --s) m_free_slots.push_back(s);
  }

  void Run() {
    const int tiles = m_trace.TileCount();
    for (m_now = 0; m_done < tiles; ++m_now) {
      StartTiles();
      for (const int t : m_active) Step(t);
      for (const auto& [tile, word] : m_published) m_status[static_cast<size_t>(tile)] = word;
      m_published.clear();
      std::erase_if(m_active, [&](int t) { return Of(t).stage == Stage::kDone; });
    }
  }

 private:
  enum class Stage { kWaiting, kScanning, kLooking, kPublishing, kAdding, kDone };
  struct TileRun {
    Stage stage = Stage::kWaiting;
    std::int64_t until = 0;  // scanning: the step its scan ends
    single_pass::LookBack<T> look{};
  };

  TileRun& Of(int t) { return m_run[static_cast<size_t>(t)]; }
  TileRecord& Record(int t) { return m_trace.tiles[static_cast<size_t>(t)]; }

  // Tiles start in order as slots free up.
  void StartTiles() {
    for (; m_next < m_trace.TileCount() && !m_free_slots.empty(); ++m_next) {
      TileRecord& r = Record(m_next);
      r.sm = m_free_slots.back();
      m_free_slots.pop_back();
      r.start = m_now;
      const int rounds = m_rounds[static_cast<size_t>(m_next)];
      Of(m_next).stage = Stage::kScanning;
      Of(m_next).until = m_now + rounds + Jitter(m_next, rounds);
      m_active.push_back(m_next);
    }
  }

  void Step(int t) {
    switch (Of(t).stage) {
      case Stage::kWaiting:
      case Stage::kDone:
        break;
      case Stage::kScanning:
        if (m_now >= Of(t).until) PublishAggregate(t);
        break;
      case Stage::kLooking:
        Look(t);
        break;
      case Stage::kPublishing:
        PublishPrefix(t);
        break;
      case Stage::kAdding:
        AddPrefix(t);
        break;
    }
  }

  void PublishAggregate(int t) {
    namespace sp = single_pass;
    TileRecord& r = Record(t);
    const auto aggregate = static_cast<T>(r.aggregate);
    std::uint64_t word = sp::FirstPublication(t, aggregate);
    Of(t).look = sp::StartLookBack<Op>(t);
    if (m_trace.carry_in) {
      const auto carry = static_cast<T>(*m_trace.carry_in);
      word = sp::FirstPublicationWithCarry(t, carry, aggregate, m_op);
      Of(t).look = sp::StartLookBackWithCarry<Op>(t, carry);
    }
    m_published.emplace_back(t, word);
    if (t == 0) {
      r.published_p = m_now;
      r.inclusive = static_cast<double>(sp::ValueOf<T>(word));
      r.exclusive = static_cast<double>(Of(t).look.exclusive);
      Of(t).stage = Stage::kAdding;
    } else {
      r.published_a = m_now;
      Of(t).stage = Stage::kLooking;
    }
  }

  // One read of the predecessor's word; consecutive reads of X from one tile are one entry.
  void Look(int t) {
    namespace sp = single_pass;
    TileRecord& r = Record(t);
    TileRun& s = Of(t);
    const int p = s.look.predecessor;
    const std::uint64_t word = m_status[static_cast<size_t>(p)];
    const unsigned flag = sp::FlagOf(word);
    ++r.total_reads;
    if (sp::Waits(flag)) ++r.waited;
    if (sp::Waits(flag) && !r.reads.empty() && sp::Waits(r.reads.back().flag) &&
        r.reads.back().predecessor == p) {
      ++r.reads.back().reads;
      r.reads.back().time = m_now;
    } else if (static_cast<int>(r.reads.size()) < kMaxRecordedReads) {
      r.reads.push_back({p, static_cast<int>(flag),
                         sp::Waits(flag) ? 0.0 : static_cast<double>(sp::ValueOf<T>(word)), m_now,
                         1});
    }
    s.look = sp::LookStep(s.look, word, m_op);
    if (s.look.done) s.stage = Stage::kPublishing;
  }

  void PublishPrefix(int t) {
    namespace sp = single_pass;
    TileRecord& r = Record(t);
    TileRun& s = Of(t);
    const std::uint64_t word =
        sp::PrefixPublication(s.look.exclusive, static_cast<T>(r.aggregate), m_op);
    m_published.emplace_back(t, word);
    r.published_p = m_now;
    r.exclusive = static_cast<double>(s.look.exclusive);
    r.inclusive = static_cast<double>(sp::ValueOf<T>(word));
    s.stage = Stage::kAdding;
  }

  void AddPrefix(int t) {
    TileRecord& r = Record(t);
    const int begin = m_trace.TileBegin(t), count = m_trace.TileElements(t);
    for (int i = begin; i < begin + count; ++i) {
      const auto at = static_cast<size_t>(i);
      m_trace.output[at] = static_cast<double>(single_pass::AddPrefixStep(
          Of(t).look.exclusive, static_cast<T>(m_trace.tile_output[at]), m_op));
    }
    r.end = m_now;
    Of(t).stage = Stage::kDone;
    m_free_slots.push_back(r.sm);
    ++m_done;
  }

  SinglePassTrace& m_trace;
  const std::vector<int>& m_rounds;
  Op m_op;
  std::vector<std::uint64_t> m_status;
  std::vector<TileRun> m_run;
  std::vector<int> m_free_slots;
  std::vector<int> m_active;  // the resident tiles, in tile order
  std::vector<std::pair<int, std::uint64_t>> m_published;  // this step's stores, seen from the next
  std::int64_t m_now = 0;
  int m_next = 0, m_done = 0;
};

void Add(std::vector<std::string>* out, std::string what) {
  if (out->size() < 8) out->push_back(std::move(what));
}

Window Span(int lo, int hi) { return hi < lo ? EmptyWindow() : Range(lo, hi); }

bool SameValue(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// The windows of the folded input. With a carry the folder holds it before the input (at 0, the
// input from 1): a prefix starts at the carry, a tile's own elements are shifted by one.
struct Windows {
  bool carry = false;
  Window Prefix(int hi) const { return carry ? Range(0, hi + 1) : Span(0, hi); }
  Window Local(int lo, int hi) const { return carry ? Span(lo + 1, hi + 1) : Span(lo, hi); }
};

// Tile k's own scan, aggregate and prefixes, against the folded input.
void CheckTileValues(const SinglePassTrace& t, const WindowFolder& folder, int k,
                     std::vector<std::string>* out) {
  const Windows at{t.carry_in.has_value()};
  auto want = [&](Window w) { return FormatValue(t.type, folder.Fold(w)); };
  const TileRecord& r = t.tiles[static_cast<size_t>(k)];
  const std::string tile = "tile " + std::to_string(k);
  const int begin = t.TileBegin(k), count = t.TileElements(k);
  const bool inclusive = t.Inclusive();
  if (r.tile != k) Add(out, tile + ": recorded as tile " + std::to_string(r.tile));
  for (int i = 0; i < count; ++i) {
    const Window w = at.Local(begin, begin + i - (inclusive ? 0 : 1));
    if (!folder.Matches(w, t.tile_output[static_cast<size_t>(begin) + static_cast<size_t>(i)])) {
      Add(out, tile + ": its own scan at " + std::to_string(begin + i) + " should be " + want(w));
      break;
    }
  }
  const Window own = at.Local(begin, begin + count - 1);
  if (!folder.Matches(own, r.aggregate))
    Add(out, tile + ": its aggregate should be the combination of its elements, " + want(own));
  const Window before = at.Prefix(begin - 1), through = at.Prefix(begin + count - 1);
  if (!folder.Matches(before, r.exclusive))
    Add(out, tile + ": the look-back should gather every earlier element, " + want(before));
  if (!folder.Matches(through, r.inclusive))
    Add(out, tile + ": its inclusive prefix (P) should be " + want(through));
}

// Tile k's reads: from tile - 1 back, one tile at a time, ending at a P; each saw what was
// published; the exclusive prefix is what they gathered, in order.
void CheckReads(const SinglePassTrace& t, int k, std::vector<std::string>* out) {
  const TileRecord& r = t.tiles[static_cast<size_t>(k)];
  const std::string tile = "tile " + std::to_string(k);
  const std::int64_t skew = t.measured ? kTimerSkewNs : 0;
  const bool truncated = r.total_reads > static_cast<int>(r.reads.size()) &&
                         static_cast<int>(r.reads.size()) >= kMaxRecordedReads;
  int expect = k - 1;
  bool met_p = k == 0;
  std::int64_t last_time = r.published_a;
  for (size_t j = 0; j < r.reads.size() && !met_p; ++j) {
    const LookRead& read = r.reads[j];
    const std::string at = tile + ", read " + std::to_string(j);
    if (read.predecessor != expect || read.predecessor < 0) {
      Add(out, at + ": read tile " + std::to_string(read.predecessor) + ", expected tile " +
                   std::to_string(expect));
      break;
    }
    if (read.time < last_time) Add(out, at + ": read before the read or publication before it");
    last_time = read.time;
    const TileRecord& p = t.tiles[static_cast<size_t>(read.predecessor)];
    const std::string of = " tile " + std::to_string(p.tile);
    if (read.flag == single_pass::kFlagA) {
      if (!SameValue(read.value, p.aggregate))
        Add(out, at + ": saw A with " + FormatValue(t.type, read.value) + ", but" + of +
                     "'s aggregate is " + FormatValue(t.type, p.aggregate));
      if (p.published_a < 0 || read.time + skew < p.published_a)
        Add(out, at + ": saw A before" + of + " published it");
      --expect;
    } else if (read.flag == single_pass::kFlagP) {
      if (!SameValue(read.value, p.inclusive))
        Add(out, at + ": saw P with " + FormatValue(t.type, read.value) + ", but" + of +
                     " published " + FormatValue(t.type, p.inclusive));
      if (read.time + skew < p.published_p) Add(out, at + ": saw P before" + of + " published it");
      met_p = true;
    } else if (read.flag != single_pass::kFlagX || read.reads < 1) {
      Add(out, at + ": an unknown flag");
      break;
    }
  }
  if (!met_p && !truncated) Add(out, tile + ": its look-back never met an inclusive prefix (P)");
  if (truncated || k == 0) return;
  DispatchOp(t.op, t.type, [&](auto op) {
    using T = typename decltype(op)::Value;
    T gathered = decltype(op)::Identity();
    for (const LookRead& read : r.reads)
      if (read.flag != single_pass::kFlagX) gathered = op(static_cast<T>(read.value), gathered);
    if (!SameValue(static_cast<double>(gathered), r.exclusive))
      Add(out, tile + ": the reads gather " + FormatValue(t.type, static_cast<double>(gathered)) +
                   ", not the exclusive prefix " + FormatValue(t.type, r.exclusive));
  });
}

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
             [&](auto op) { Schedule(&trace, rounds, std::max(1, slots), op).Run(); });
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
  TraceMeta meta;
  meta.op = t.op;
  meta.type = t.type;
  meta.identity = t.identity;
  std::vector<double> folded = t.input;
  if (t.carry_in) folded.insert(folded.begin(), *t.carry_in);
  meta.n = meta.padded_n = static_cast<int>(folded.size());
  const WindowFolder folder(meta, folded);
  const Windows at{t.carry_in.has_value()};
  for (int k = 0; k < tiles; ++k) {
    CheckTileValues(t, folder, k, &out);
    CheckReads(t, k, &out);
    const TileRecord& r = t.tiles[static_cast<size_t>(k)];
    if (r.start > r.published_p ||
        (k > 0 && (r.published_a < r.start || r.published_a > r.published_p)) ||
        r.published_p > r.end)
      Add(&out, "tile " + std::to_string(k) + ": its times are out of order (start, A, P, end)");
  }
  const bool inclusive = t.Inclusive();
  for (int i = 0; i < n; ++i) {
    const Window w = at.Prefix(i - (inclusive ? 0 : 1));
    if (!folder.Matches(w, t.output[static_cast<size_t>(i)])) {
      Add(&out, "output[" + std::to_string(i) + "] should hold the scan of the prefix up to it, " +
                    FormatValue(t.type, folder.Fold(w)) + ", not " +
                    FormatValue(t.type, t.output[static_cast<size_t>(i)]));
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
      // Cannot overflow: the loader keeps every time within +-2^53 (trace_json's kMaxTraceTime).
      s.clock_skew = std::max(s.clock_skew, published - read.time);
    }
  }
  s.mean_looked_back = s.tiles > 1 ? static_cast<double>(looked) / (s.tiles - 1) : 0.0;
  return s;
}

}  // namespace scanviz
