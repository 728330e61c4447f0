// The kinds of view: what the centre of the window shows. Each is a module behind one interface
// (kind_model.h); this header is the UI-free part the state, the command line and sessions share.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace scanviz {

enum class KindId : std::uint8_t {
  kBlockScan,    // one block algorithm's rounds
  kSideBySide,   // two block algorithms' rounds, stepped together
  kMultiBlock,   // the multi-block scan's grid (a block opened shows its rounds)
  kSinglePass,   // the single-pass scan's timeline
  kApplication,  // an application of the scan: compaction, split, radix sort, allocation
  kBenchmark,    // the performance lab's chart
};
inline constexpr int kKindCount = 6;
inline constexpr std::array<KindId, kKindCount> kAllKinds = {
    KindId::kBlockScan,  KindId::kSideBySide,  KindId::kMultiBlock,
    KindId::kSinglePass, KindId::kApplication, KindId::kBenchmark};

// The kind the app starts on, and comes back to when the kind shown is put away.
inline constexpr KindId kHomeKind = KindId::kBlockScan;

const char* ToString(KindId k);     // "block-scan", "side-by-side", "multi-block", ...
const char* DisplayName(KindId k);  // "Block scan", "Side by side", "Multi-block grid", ...
std::optional<KindId> ParseKind(std::string_view key);
const char* KindKeys();  // "block-scan, side-by-side, ..., benchmark", for messages
// Whether the kind shows block scans' rounds (the single-block panels describe what is shown).
bool ShowsBlockRounds(KindId k);

}  // namespace scanviz
