// The kinds of view: what the centre of the window shows. Each is a module behind one interface
// (kind_model.h); this header is the UI-free part the state, the command line and sessions share.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace scanviz {

// The registry of kinds, one line each, in the menu's and the key help's order: X(enum constant,
// the name of its parts' functions: <Name>Kind() and <Name>View(), its model and view halves, and
// Make<Name>State, its state (registry.cpp, registry_view.cpp and kind_states.cpp call them), the
// command line's and the session's key, the name it is shown by). Adding a kind: its folder and
// its line here (docs/architecture.md, "Adding a kind"). Today's: one block algorithm's rounds;
// two, stepped together; every one at once, stepped together; the multi-block scan's grid (a block
// opened shows its rounds); the single-pass scan's timeline; an application of the scan
// (compaction, split, radix sort, allocation); the performance lab's chart.
#define SCANVIZ_FOR_EACH_KIND(X)                                            \
  X(kBlockScan, BlockScan, "block-scan", "Block scan")                     \
  X(kSideBySide, SideBySide, "side-by-side", "Side by side")               \
  X(kEveryAlgorithm, EveryAlgorithm, "every-algorithm", "Every algorithm") \
  X(kMultiBlock, MultiBlock, "multi-block", "Multi-block grid")            \
  X(kSinglePass, SinglePass, "single-pass", "Single-pass timeline")        \
  X(kApplication, Applications, "applications", "Applications")            \
  X(kBenchmark, Benchmark, "benchmark", "Benchmark")                       \
  X(kGpus, Gpus, "gpus", "GPUs")

#define SCANVIZ_KIND_ENUM(id, name, key, display) id,
enum class KindId : std::uint8_t { SCANVIZ_FOR_EACH_KIND(SCANVIZ_KIND_ENUM) };
#undef SCANVIZ_KIND_ENUM
// Each kind is a term "+1" of the sum below, not an expression: it takes no parentheses.
#define SCANVIZ_KIND_COUNT(id, name, key, display) +1  // NOLINT(bugprone-macro-parentheses)
inline constexpr int kKindCount = 0 SCANVIZ_FOR_EACH_KIND(SCANVIZ_KIND_COUNT);
#undef SCANVIZ_KIND_COUNT

#define SCANVIZ_KIND_ID(id, name, key, display) KindId::id,
inline constexpr std::array<KindId, kKindCount> kAllKinds = {
    SCANVIZ_FOR_EACH_KIND(SCANVIZ_KIND_ID)};
#undef SCANVIZ_KIND_ID

// The kind the app starts on, and comes back to when the kind shown is put away.
inline constexpr KindId kHomeKind = KindId::kBlockScan;

const char* ToString(KindId k);     // "block-scan", "side-by-side", "multi-block", ...
const char* DisplayName(KindId k);  // "Block scan", "Side by side", "Multi-block grid", ...
std::optional<KindId> ParseKind(std::string_view key);
const char* KindKeys();  // "block-scan, side-by-side, ..., benchmark", for messages

}  // namespace scanviz
