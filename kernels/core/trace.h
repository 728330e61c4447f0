// The trace: what a scan did, round by round. Plain data, no CUDA, GL or ImGui.
//
// A trace is produced by the CPU simulator or by the instrumented CUDA kernel (both through
// TraceBuilder, trace_builder.h, from what a driver reported) and consumed by the analysis, the
// scene, the app and the CLI. Values are stored as double: every int32 and every float32 is
// exactly representable, so the trace is lossless for both element types.
//
// Format version 2 (docs/trace-format.md): a trace holds the arrays the scan works on (shared
// memory, registers, global memory beyond the input), a grid of blocks, and for each round the
// level it synchronises at and the block that ran it. Version 1 files still load.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/action.h"
#include "core/algorithm_id.h"
#include "core/mistake.h"
#include "core/ops.h"
#include "core/round_spec.h"

namespace scanviz {

inline constexpr int kTraceFormatVersion = 2;
inline constexpr int kMaxElements = 1024;  // a single-block scan: one thread per element
// A grid trace (several blocks) may hold up to this many elements.
inline constexpr int kMaxGridElements = 1 << 16;

enum class BackendKind : std::uint8_t { kCpuSimulator, kCuda };

struct BackendInfo {
  BackendKind kind = BackendKind::kCpuSimulator;
  std::string device_name;  // CUDA only
  int compute_major = 0;    // CUDA only
  int compute_minor = 0;    // CUDA only
  int driver_version = 0;   // CUDA only, as cudaDriverGetVersion reports it (13000 = 13.0)
  int runtime_version = 0;  // CUDA only
  bool operator==(const BackendInfo&) const = default;
};

// Where an array lives. Shared and register arrays exist once per block; global arrays once.
enum class Space : std::uint8_t { kGlobal, kShared, kRegister };

// An array the scan works on, besides its input. A file stores name, space and size; the rest
// comes from the algorithm's registry entry.
struct ArrayDesc {
  std::string name;  // "buf[0]", "v", "sums"
  Space space = Space::kShared;
  int size = 0;  // cells (per block for shared and register arrays; per lane for registers)
  int real = 0;  // cells [real, size) exist only because the block is padded (the identity)
  // Where the scene draws cell i: column i * column_stride + column_offset of the thread grid, so
  // that a warp's total sits under the lane that wrote it.
  int column_stride = 1;
  int column_offset = 0;
  bool operator==(const ArrayDesc&) const = default;
};

struct Round {
  RoundSpec spec;
  // Snapshot after the round of every array: [array][cell]. (Named buffers since version 1, whose
  // arrays were the shared buffers.)
  std::vector<std::vector<double>> buffers;
  // 1 where some thread has written the cell by the end of this round; a 0 cell holds whatever
  // the hardware left there and is shown as '?'.
  std::vector<std::vector<std::uint8_t>> defined;
  // What each thread of the block did in this round: [thread].
  std::vector<ThreadAction> actions;
  // GPU clock cycles the round took (clock64 between the barriers that end the rounds before it
  // and it), the median of a timing run without snapshots; < 0: not measured (the simulator).
  double cycles = -1;
  // The same with the conflict-free padding (core/padded.h), for an algorithm whose registry
  // entry has that layout (Blelloch's); < 0: not measured.
  double padded_cycles = -1;
};

struct TraceMeta {
  int format_version = kTraceFormatVersion;  // the version of the file it was read from
  Algorithm algorithm = Algorithm::kHillisSteele;
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;
  double identity = 0;
  int n = 0;               // input elements
  int padded_n = 0;        // cells per thread-indexed array (padded to a power of two / warps)
  int block_size = 0;      // threads in a block
  int block_count = 1;     // blocks in the grid
  int buffer_count = 0;    // arrays (Hillis-Steele's 2 shared buffers, Blelloch's 1, ...)
  bool converted = false;  // a last conversion round turned the result into the other flavour
  BackendInfo backend;
  // The mistakes lab (core/mistake.h): the mistake the run was made with (kNone for the
  // algorithm as the chapters write it), and the simulator's thread order ("in-order",
  // "reverse", "random:SEED", "warp-by-warp"; empty: in-order, or a GPU run).
  Mistake mistake = Mistake::kNone;
  std::string thread_order;
};

struct Trace {
  TraceMeta meta;
  std::vector<double> input;      // n values, global memory
  std::vector<ArrayDesc> arrays;  // meta.buffer_count of them
  std::vector<Round> rounds;      // rounds[0] is the load

  // The scan's result: the first n cells of the array the last round wrote.
  std::vector<double> Result() const;
  // Whether Result() is the inclusive scan: the algorithm's own flavour, flipped by a conversion.
  // (Defined with the registry, registry.cpp, whose entry holds the flavour.)
  bool Inclusive() const;
};

// What to scan. Values are doubles holding exact int32 or float32 values of `type`.
struct ScanRequest {
  Algorithm algorithm = Algorithm::kHillisSteele;
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;
  std::vector<double> input;
  // Add a traced conversion round to the other flavour (inclusive <-> exclusive).
  bool convert = false;
  // Run the algorithm with one of its classic mistakes (the mistakes lab); kNone: as written.
  Mistake mistake = Mistake::kNone;
};

// Names used by the CLI, the file format and the UI (an algorithm's display name and its phases'
// names are the registry's, core/registry.h).
const char* ToString(Algorithm a);    // its key in the list (core/algorithm_id.h): "hillis-steele"
const char* ToString(OpKind op);      // "add", "max", "min", "last"
const char* ToString(ElementType t);  // "int32", "float32"
const char* ToString(
    ActionKind k);  // "idle", "load", "copy", "add", "seed", "swap-add", "add-input"
const char* ToString(BackendKind k);  // "cpu", "cuda"
const char* ToString(Space s);        // "global", "shared", "register"
const char* ToString(Level l);        // "lane", "warp", "block", "grid"
bool Parse(std::string_view s, Algorithm* out);
bool Parse(std::string_view s, OpKind* out);
bool Parse(std::string_view s, ElementType* out);
bool Parse(std::string_view s, ActionKind* out);
bool Parse(std::string_view s, BackendKind* out);
bool Parse(std::string_view s, Space* out);
bool Parse(std::string_view s, Level* out);

// One-line description of where a trace ran: "CPU simulation" or "CUDA: NVIDIA H200 (sm_90)".
std::string DescribeBackend(const BackendInfo& b);

// Formats a value of the trace's element type for display ("7", "-3", "1.5", "-inf").
std::string FormatValue(ElementType type, double v);

}  // namespace scanviz
