// The lab's tuning knobs as data: every rung variant is a row of a policy table, and the rung
// files are templates over a policy (CUB's tuning policies are the model). A new variant is a
// new row; its name is made from its fields, so a table cannot hold a name that lies.
//
// Plain C++ (the tables are constexpr): included by the rung files and the registry.
#pragma once

#include <array>
#include <iterator>
#include <string>

namespace scanviz::perf {

// ------------------------------------------------------------------------- rungs a and b
// The textbook scans: one element per thread, `block` threads per tile, three phases. With
// warp_tail, Blelloch's rounds in which at most 32 threads work run in warp 0 alone.
struct TextbookPolicy {
  int block = 128;
  bool warp_tail = false;
};

inline constexpr TextbookPolicy kHillisSteeleLadder{128, false};  // "a"
inline constexpr TextbookPolicy kBlellochLadder{128, true};       // "b"
inline constexpr std::array kHillisSteeleVariants{TextbookPolicy{64}, TextbookPolicy{128},
                                                  TextbookPolicy{256}, TextbookPolicy{512},
                                                  TextbookPolicy{1024}};
inline constexpr std::array kBlellochVariants{
    TextbookPolicy{64},        TextbookPolicy{128},       TextbookPolicy{256},
    TextbookPolicy{512},       TextbookPolicy{1024},      TextbookPolicy{64, true},
    TextbookPolicy{128, true}, TextbookPolicy{256, true}, TextbookPolicy{512, true},
    TextbookPolicy{1024, true}};

// "a.256", "b.ws128": the rung's letter, then the block size (ws: the warp-synchronous tail).
inline std::string VariantName(char rung, const TextbookPolicy& p) {
  std::string s(1, rung);
  s += p.warp_tail ? ".ws" : ".";
  s += std::to_string(p.block);
  return s;
}

// ------------------------------------------------------------------------- rung e
enum class TileOrder : int { kBlockIdx, kTicket };

// One single-pass kernel: a tile of threads x 4 x (shared_vectors + register_vectors) elements,
// the first part brought into shared memory by the copy engine, the second loaded into
// registers (either may be 0), then scanned and chained to its predecessors by the look-back.
struct SinglePassPolicy {
  int threads = 128;
  int shared_vectors = 0;    // 16-byte vectors per thread through cp.async.bulk (0: none)
  int register_vectors = 0;  // 16-byte vectors per thread loaded into registers (0: none)
  TileOrder order = TileOrder::kBlockIdx;
  int window = 1;                // look-back reads window x 32 predecessors per round trip
  bool streaming_stores = true;  // st.global.cs: the output is not read again
  int min_blocks = 1;            // __launch_bounds__' blocks per SM (caps the registers)
  int backoff_ns = 0;            // __nanosleep between polls of a predecessor not ready
  bool evict_first = false;      // L2 evict-first hint on the loads (read once)
  bool copy_only = false;        // an ablation: the same loads and stores, no scan, no chain
  bool chain = true;             // false, an ablation: no look-back (each tile scanned alone)
  int stages = 1;  // 1: a block per tile; 2: persistent blocks, two shared-memory tiles each
  // Tiles per thread-block cluster (1: no clusters). A cluster's C consecutive tiles combine their
  // aggregates through distributed shared memory and enter the look-back as one: one status word
  // per cluster, a C times shorter chain.
  int cluster = 1;
  bool poll_messages = false;  // clusters: await the messages with test_wait, not try_wait
  // Round three, warp-specialised look-ahead: one more warp per block (threads + 32), which loads
  // nothing and starts the look-back over the predecessors at the block's first instruction, while
  // the other warps load and reduce the tile; the chain's wait overlaps the loads.
  bool look_ahead = false;
  bool blocks_in_name = false;  // the name says min_blocks (m<k>): rows that differ only in it

  constexpr bool operator==(const SinglePassPolicy&) const = default;
  constexpr int Tile() const { return threads * 4 * (shared_vectors + register_vectors); }
  constexpr int Block() const { return threads + (look_ahead ? 32 : 0); }  // threads launched
  constexpr int SharedBytes() const { return stages * threads * 4 * shared_vectors * 4; }
};

// e.<kind><threads>...<order><window>[c][e][k<ns>][x<cluster>[p]][w][m<blocks>][.copy], kind s
// (shared), r (registers), h (both) or d (persistent, double-buffered shared memory):
// "e.s128v16b1c", "e.h128s26r16t1ce", "e.r128v2b1c.copy", "e.r128v8b1cx4" (clusters of 4 tiles;
// p: polled), "e.r128v8b1cwm6" (w: the look-ahead warp; m6: at least 6 blocks per SM).
inline std::string VariantName(const SinglePassPolicy& p) {
  const bool hybrid = p.shared_vectors > 0 && p.register_vectors > 0;
  std::string s = "e.";
  s += hybrid ? 'h' : p.stages == 2 ? 'd' : (p.shared_vectors > 0 ? 's' : 'r');
  s += std::to_string(p.threads);
  if (hybrid) {
    s += 's';
    s += std::to_string(p.shared_vectors);
    s += 'r';
    s += std::to_string(p.register_vectors);
  } else {
    s += 'v';
    s += std::to_string(p.shared_vectors + p.register_vectors);
  }
  s += p.order == TileOrder::kTicket ? 't' : 'b';
  s += std::to_string(p.window);
  if (p.streaming_stores) s += 'c';
  if (p.evict_first) s += 'e';
  if (p.backoff_ns > 0) {
    s += 'k';
    s += std::to_string(p.backoff_ns);
  }
  if (p.cluster > 1) {
    s += 'x';
    s += std::to_string(p.cluster);
    if (p.poll_messages) s += 'p';
  }
  if (p.look_ahead) s += 'w';
  if (p.blocks_in_name) {
    s += 'm';
    s += std::to_string(p.min_blocks);
  }
  if (p.copy_only) s += ".copy";
  if (!p.chain) s += ".nochain";
  return s;
}

std::string Describe(const SinglePassPolicy& p);  // rung_e_describe.cu

namespace policy {
constexpr TileOrder B = TileOrder::kBlockIdx, T = TileOrder::kTicket;
// Shorthands for the table: shared-memory, register and hybrid tiles.
constexpr SinglePassPolicy Smem(int threads, int v, TileOrder o, int min_blocks) {
  return {threads, v, 0, o, 1, true, min_blocks};
}
constexpr SinglePassPolicy Regs(int threads, int v, TileOrder o, int min_blocks) {
  return {threads, 0, v, o, 1, true, min_blocks};
}
constexpr SinglePassPolicy Hybrid(int threads, int sv, int rv, TileOrder o, int min_blocks) {
  return {threads, sv, rv, o, 1, true, min_blocks, 0, true};
}
// Persistent blocks (as many as fit, launched cooperatively: all resident at once), each looping
// over tiles blockIdx, blockIdx + grid, ... with two shared-memory buffers: the next tile's copy
// is in flight while the block waits on the current one's look-back and stores it.
constexpr SinglePassPolicy Persistent(int threads, int v, int min_blocks) {
  SinglePassPolicy p{threads, v, 0, B, 1, true, min_blocks};
  p.stages = 2;
  return p;
}
constexpr SinglePassPolicy With(SinglePassPolicy p, int window, bool streaming, int backoff_ns,
                                bool evict_first) {
  p.window = window;
  p.streaming_stores = streaming;
  p.backoff_ns = backoff_ns;
  p.evict_first = evict_first;
  return p;
}
// Clusters of c consecutive tiles, one look-back per cluster (round three); Polled: the messages
// awaited with test_wait.
constexpr SinglePassPolicy Cluster(SinglePassPolicy p, int c) {
  p.cluster = c;
  return p;
}
constexpr SinglePassPolicy Polled(SinglePassPolicy p) {
  p.poll_messages = true;
  return p;
}
// A dedicated look-ahead warp (round three; blockIdx order, a block per tile, no clusters).
constexpr SinglePassPolicy LookAhead(SinglePassPolicy p) {
  p.look_ahead = true;
  return p;
}
// The same tile with another __launch_bounds__ minimum of blocks per SM (named m<k>).
constexpr SinglePassPolicy Blocks(SinglePassPolicy p, int min_blocks) {
  p.min_blocks = min_blocks;
  p.blocks_in_name = true;
  return p;
}
constexpr SinglePassPolicy Copy(SinglePassPolicy p) {
  p.copy_only = true;
  return p;
}
constexpr SinglePassPolicy NoChain(SinglePassPolicy p) {
  p.chain = false;
  return p;
}
}  // namespace policy

// e itself: four kernels by size, small to large tiles. The look-back chain costs about the same
// per tile whatever the tile (docs/performance.md), so larger tiles mean fewer links; smaller ones
// keep more SMs busy. The register tile of 4096 runs until every SM would get one tile of twice
// its size (SMs x 8192 elements, 1.08 M on the H200); the register tile of 8192
// (kSinglePassBelowWave, round three's sweep: half the links below one wave) until n fills one
// resident wave of its tiles; then each of the others from one resident wave of the one before's
// tiles (resident blocks per SM x SMs x its tile).
inline constexpr SinglePassPolicy kSinglePassSmall = policy::Regs(128, 8, policy::B, 8);
inline constexpr SinglePassPolicy kSinglePassBelowWave = policy::Regs(128, 16, policy::B, 4);
inline constexpr SinglePassPolicy kSinglePassMiddle = policy::Smem(128, 16, policy::B, 7);
inline constexpr SinglePassPolicy kSinglePassLarge = policy::Hybrid(128, 26, 16, policy::B, 4);

// Every variant the bench can run by name (e's four above among them).
inline constexpr SinglePassPolicy kSinglePassVariants[] = {
    // e's kernels, and their ticket-ordered twins (docs/performance.md, forward progress)
    kSinglePassSmall,
    kSinglePassMiddle,
    kSinglePassLarge,
    policy::Regs(128, 8, policy::T, 8),
    policy::Smem(128, 16, policy::T, 7),
    policy::Hybrid(128, 26, 16, policy::T, 4),
    // what each of e's choices is worth: a wider look-back window, no streaming stores, no
    // evict-first hint
    policy::With(kSinglePassSmall, 4, true, 0, false),
    policy::With(kSinglePassMiddle, 1, false, 0, false),
    policy::With(kSinglePassLarge, 1, true, 0, false),
    // wider look-back windows, the evict-first hint on the middle kernel
    policy::With(kSinglePassLarge, 2, true, 0, true),
    policy::With(kSinglePassLarge, 4, true, 0, true),
    policy::With(kSinglePassMiddle, 4, true, 0, false),
    policy::With(kSinglePassMiddle, 1, true, 0, true),
    // smaller tiles for small n (more tiles: more SMs busy) and larger ones for the middle sizes
    policy::Regs(128, 1, policy::B, 8),
    policy::Regs(128, 2, policy::B, 8),
    policy::Regs(128, 4, policy::B, 8),
    policy::Regs(256, 4, policy::B, 4),
    policy::Smem(128, 8, policy::B, 12),
    policy::Smem(128, 18, policy::B, 6),
    policy::Hybrid(128, 16, 8, policy::B, 6),
    policy::Hybrid(128, 22, 12, policy::B, 5),
    // larger register tiles (registers: the cheapest data path, see the copies below)
    policy::Regs(128, 12, policy::B, 5),
    policy::Regs(128, 16, policy::B, 4),
    policy::Regs(256, 6, policy::B, 4),
    policy::Regs(256, 8, policy::B, 3),
    policy::Regs(512, 4, policy::B, 2),
    policy::Regs(512, 6, policy::B, 2),
    policy::With(policy::Regs(128, 8, policy::B, 8), 2, true, 0, false),
    policy::With(policy::Regs(256, 8, policy::B, 3), 2, true, 0, false),
    // persistent double-buffered tiles
    policy::Persistent(128, 16, 3),
    policy::Persistent(128, 12, 4),
    policy::Persistent(256, 6, 4),
    policy::Copy(policy::Persistent(128, 12, 4)),
    policy::NoChain(policy::Persistent(128, 12, 4)),
    // ablations: e's loads and stores alone (checked as copies), the limit of its data path; and
    // e without its look-back (each tile scanned on its own, checked so), the cost of the chain
    policy::Copy(kSinglePassSmall),
    policy::Copy(kSinglePassMiddle),
    policy::Copy(kSinglePassLarge),
    policy::Copy(policy::Regs(128, 2, policy::B, 8)),
    policy::Copy(policy::Regs(256, 8, policy::B, 3)),
    policy::NoChain(kSinglePassSmall),
    policy::NoChain(kSinglePassMiddle),
    policy::NoChain(kSinglePassLarge),
    policy::NoChain(policy::Regs(256, 8, policy::B, 3)),
    // round three: e's kernels in thread-block clusters of 2, 4 or 8 tiles (a chain 2-8x shorter),
    // and the ticket-ordered twins (one ticket per cluster)
    policy::Cluster(kSinglePassSmall, 2),
    policy::Cluster(kSinglePassSmall, 4),
    policy::Cluster(kSinglePassSmall, 8),
    policy::Cluster(kSinglePassMiddle, 4),
    policy::Cluster(kSinglePassLarge, 2),
    policy::Cluster(kSinglePassLarge, 4),
    policy::Cluster(policy::Regs(128, 8, policy::T, 8), 4),
    policy::Cluster(policy::Hybrid(128, 26, 16, policy::T, 4), 2),
    // the messages awaited by polling (test_wait) instead of try_wait
    policy::Polled(policy::Cluster(kSinglePassSmall, 4)),
    policy::Polled(policy::Cluster(kSinglePassLarge, 2)),
    // the copies launched in clusters (no messages): what the cluster launch alone costs
    policy::Copy(policy::Cluster(kSinglePassSmall, 4)),
    policy::Copy(policy::Cluster(kSinglePassLarge, 2)),
    // round three, the look-ahead warp: e's three kernels with it (160 threads a block: fewer
    // registers a thread), the register tile also with 6 blocks per SM and with a wider window,
    // and 96 loading threads (128 a block, e's registers a thread) in register and hybrid tiles
    policy::LookAhead(kSinglePassSmall),
    policy::Blocks(policy::LookAhead(kSinglePassSmall), 6),
    policy::With(policy::LookAhead(kSinglePassSmall), 4, true, 0, false),
    policy::LookAhead(kSinglePassMiddle),
    policy::LookAhead(kSinglePassLarge),
    policy::LookAhead(policy::Regs(96, 8, policy::B, 8)),
    policy::LookAhead(policy::Hybrid(96, 32, 16, policy::B, 4)),
    // round three, filling the machine below one wave (2^20..2^24): the register tile with more
    // registers, smaller blocks of more vectors, more threads over the same shared-memory and
    // hybrid tiles, and a shared-memory tile between the middle and the large kernel
    policy::Blocks(kSinglePassSmall, 6),
    policy::Regs(64, 8, policy::B, 16),
    policy::Smem(256, 8, policy::B, 6),
    policy::Smem(128, 24, policy::B, 4),
    policy::Hybrid(256, 13, 8, policy::B, 4),
    // e's register tile of 8192 (kSinglePassBelowWave, in the table above as Regs(128, 16, B, 4)):
    // its ticket twin and its ablations; larger tiles still below one wave, a wider window
    policy::Regs(128, 16, policy::T, 4),
    policy::Copy(kSinglePassBelowWave),
    policy::NoChain(kSinglePassBelowWave),
    policy::Regs(256, 16, policy::B, 2),
    policy::With(kSinglePassBelowWave, 2, true, 0, false),
};

// A variant's row in the table (kernels are templates over the row: nvcc's launch stubs take no
// class-type template arguments).
constexpr int VariantIndex(const SinglePassPolicy& p) {
  for (int i = 0; i < static_cast<int>(std::size(kSinglePassVariants)); ++i) {
    if (kSinglePassVariants[i] == p) return i;
  }
  return -1;
}

}  // namespace scanviz::perf
