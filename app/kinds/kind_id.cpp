#include "kinds/kind_id.h"

#include <string>

namespace scanviz {

namespace {
struct KindName {
  const char* key;
  const char* name;
};
constexpr KindName kNames[kKindCount] = {
    {"block-scan", "Block scan"},        {"side-by-side", "Side by side"},
    {"multi-block", "Multi-block grid"}, {"single-pass", "Single-pass timeline"},
    {"applications", "Applications"},    {"benchmark", "Benchmark"},
};
}  // namespace

const char* ToString(KindId k) {
  return kNames[static_cast<int>(k)].key;
}
const char* DisplayName(KindId k) {
  return kNames[static_cast<int>(k)].name;
}

std::optional<KindId> ParseKind(std::string_view key) {
  for (KindId k : kAllKinds)
    if (key == ToString(k)) return k;
  return std::nullopt;
}

const char* KindKeys() {
  static const std::string keys = [] {  // constant text, made once from the list
    std::string out;
    for (KindId k : kAllKinds) {
      if (!out.empty()) out += k == kAllKinds.back() ? " or " : ", ";
      out += ToString(k);
    }
    return out;
  }();
  return keys.c_str();
}

bool ShowsBlockRounds(KindId k) {
  return k == KindId::kBlockScan || k == KindId::kSideBySide;
}

}  // namespace scanviz
